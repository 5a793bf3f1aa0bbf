import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Dto from '../../shared/contract/dto';
import { locationText, searchKey } from '../../shared/rules/location';
import { createDatabase } from '../../server/src/db/client';
import { createMigrator } from '../../server/src/db/migrate';
import { createRng, type Rng } from '../../server/src/db/seed/demo-residences';
import { addressOrderOf } from '../../server/src/domain/residence-search';
import {
  compareResidences,
  RESIDENCE_COLUMNS,
  type ResidenceFields,
} from '../../server/src/domain/residences';
import { bearer, DATABASES, demoToken, organizationsOf, startTestApp, type TestApp } from './helpers';

/**
 * The search serves its pages in the database's `address_order` (migration 0006). That order
 * must be exactly compareResidences, also for names the Danish collation counts as equal
 * (differing only in case, "aa" and "å") and for odd floors and doors; these tests compare
 * what the server answers with a sort in JavaScript over random addresses.
 */

/** Street names that collate equal or close in Danish (sensitivity base): case, aa = å, æ/ä, ø/ö. */
const STREETS = [
  'Birkevej',
  'birkevej',
  'BIRKEVEJ',
  'Åvej',
  'åvej',
  'Aavej',
  'Ævej',
  'Ävej',
  'Øvej',
  'Övej',
  'Afd. 4 Vej',
  'Afd. 11 Vej',
  'Ahornvej',
  'Zvej',
  'Égvej',
  'Egvej',
];
const NUMBERS = ['1', '1A', '1a', '1 A', '2', '10', '10B', '02', 'A', 'b', '12', ''];
const FLOORS = [null, 'st', 'St.', 'kl', 'KL.', '1', '1.', '2', '-1', 'x', 'X', '', '10'];
const DOORS = [null, 'tv', 'TV.', 'th', 'mf', '1', '2', '12', '01', 'a', 'A', ''];

interface RandomResidence extends ResidenceFields {
  organizationId: string;
}

function randomResidences(rng: Rng, n: number, organizationId: string, departmentId: string) {
  return Array.from({ length: n }, (): RandomResidence => ({
    // Random ids make the id tie-break of compareResidences decide between equal addresses.
    residenceId: randomUUID(),
    organizationId,
    departmentId,
    streetName: rng.pick(STREETS),
    streetNumber: rng.pick(NUMBERS),
    floorNumber: rng.pick(FLOORS),
    doorCode: rng.pick(DOORS),
    zipCode: rng.pick(['8000', '8210', '7700']),
    town: rng.pick(['Aarhus C', 'Thisted']),
    isConverted: false,
  }));
}

const rowOf = (r: RandomResidence) => ({
  id: r.residenceId,
  organization_id: r.organizationId,
  department_id: r.departmentId,
  street_name: r.streetName,
  street_number: r.streetNumber,
  floor_number: r.floorNumber,
  door_code: r.doorCode,
  zip_code: r.zipCode,
  town: r.town,
  latitude: 56,
  longitude: 10,
  is_converted: r.isConverted,
});

describe('addressOrderOf', () => {
  it('numbers 0… in the order of compareResidences, for random addresses', () => {
    const rng = createRng(7);
    for (let round = 0; round < 50; round++) {
      const residences = randomResidences(rng, rng.int(1, 60), 'o', 'd');
      const order = addressOrderOf(residences);
      const byNumber = [...residences].sort((a, b) => order.get(a.residenceId)! - order.get(b.residenceId)!);
      expect([...order.values()].sort((a, b) => a - b)).toEqual(residences.map((_, i) => i));
      for (let i = 1; i < byNumber.length; i++)
        expect(compareResidences(byNumber[i - 1]!, byNumber[i]!)).toBeLessThan(0);
    }
  });
});

describe.each(DATABASES)('address order of the search on $name', ({ admin }) => {
  let t: TestApp;
  let token: string;
  let org: string;
  let department: string;

  beforeAll(async () => {
    t = await startTestApp(admin);
    token = await demoToken(t.app, 'skriver');
    [org] = (await organizationsOf(t.app.db, 'skriver')) as [string];
    department = (
      await t.app.db
        .selectFrom('departments')
        .select('id')
        .where('organization_id', '=', org)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const search = async (query: string, size: number, page: number) => {
    const response = await t.app.inject({
      url: `/api/v2/properties/search?query=${encodeURIComponent(query)}&organizationId=${org}&size=${size}&page=${page}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    return response.json<Dto.PropertySearchResult[]>().map((h) => h.residenceId);
  };
  /** Every page of `size` until a short one. */
  const allPages = async (query: string, size: number) => {
    const ids: string[] = [];
    for (let page = 0; ; page++) {
      const hits = await search(query, size, page);
      ids.push(...hits);
      if (hits.length < size) return ids;
    }
  };
  /** The hits the rule of shared/rules/location.ts gives, sorted with compareResidences. */
  const expected = async (query: string) => {
    const rows = await t.app.db
      .selectFrom('residences as r')
      .select(RESIDENCE_COLUMNS)
      .where('r.organization_id', '=', org)
      .execute();
    const key = searchKey(query);
    return rows
      .filter((r) => searchKey(locationText(r)).includes(key))
      .sort(compareResidences)
      .map((r) => r.residenceId);
  };
  const marks = async () =>
    (await t.app.db.selectFrom('address_order_stale').select('organization_id').execute()).map(
      (r) => r.organization_id,
    );

  it('numbers the demo data in the order of compareResidences, with nothing left to number', async () => {
    expect(await marks()).toEqual([]);
    const organizations = await t.app.db.selectFrom('organizations').select('id').execute();
    for (const { id } of organizations) {
      const rows = await t.app.db
        .selectFrom('residences as r')
        .select([...RESIDENCE_COLUMNS, 'r.address_order as addressOrder'])
        .where('r.organization_id', '=', id)
        .execute();
      const sorted = [...rows].sort(compareResidences);
      expect(sorted.map((r) => r.addressOrder)).toEqual(sorted.map((_, i) => i));
    }
  });

  it('serves every page in the order of compareResidences after random residences are added', async () => {
    const rng = createRng(20261123);
    for (let round = 0; round < 3; round++) {
      const added = randomResidences(rng, 150, org, department);
      await t.app.db.insertInto('residences').values(added.map(rowOf)).execute();
      // The insert marked the organization; the first search numbers it.
      expect(await marks()).toEqual([org]);
      for (const query of ['vej', 'birkevej', 'åvej 1', 'aav', 'vej 1', 'st tv', '7700']) {
        const want = await expected(query);
        expect(await allPages(query, 1000), query).toEqual(want);
        // Small pages: the first, one in the middle, the last and one past the end.
        const last = Math.floor(want.length / 7);
        for (const page of new Set([0, 1, Math.floor(last / 2), last, last + 1]))
          expect(await search(query, 7, page), `${query} page ${page}`).toEqual(
            want.slice(page * 7, page * 7 + 7),
          );
      }
      expect(await marks()).toEqual([]);
    }
  }, 120_000);

  it('numbers again after an address changes, and not after a delete or a change of the number alone', async () => {
    const [first, second] = await t.app.db
      .selectFrom('residences')
      .select(['id', 'address_order'])
      .where('organization_id', '=', org)
      .where('street_name', 'like', '%vej')
      .orderBy('address_order')
      .limit(2)
      .execute();
    await t.app.db.deleteFrom('residences').where('id', '=', first!.id).execute();
    await t.app.db
      .updateTable('residences')
      .set({ address_order: second!.address_order })
      .where('id', '=', second!.id)
      .execute();
    await t.app.db
      .updateTable('residences')
      .set({ is_converted: true })
      .where('id', '=', second!.id)
      .execute();
    expect(await marks()).toEqual([]);
    // A gap keeps the order.
    expect(await allPages('vej', 50)).toEqual(await expected('vej'));

    await t.app.db
      .updateTable('residences')
      .set({ street_name: 'Ååvej' })
      .where('id', '=', second!.id)
      .execute();
    expect(await marks()).toEqual([org]);
    const want = await expected('vej');
    expect(want.at(-1)).toBe(second!.id);
    expect(await allPages('vej', 50)).toEqual(want);
    expect(await marks()).toEqual([]);
  });

  it('answers searches that find the same mark at once alike', async () => {
    const rng = createRng(99);
    await t.app.db
      .insertInto('residences')
      .values(randomResidences(rng, 40, org, department).map(rowOf))
      .execute();
    const want = (await expected('vej')).slice(0, 30);
    const answers = await Promise.all(Array.from({ length: 6 }, () => search('vej', 30, 0)));
    for (const answer of answers) expect(answer).toEqual(want);
    expect(await marks()).toEqual([]);
  });
});

describe('migration 0006 on a database that holds residences (PGlite)', () => {
  it('numbers the residences of an existing database', async () => {
    const db = createDatabase('memory://');
    const migrator = createMigrator(db);
    try {
      expect((await migrator.migrateTo('0005-list-versions-and-stored-responses')).error).toBeUndefined();
      const [o1, o2] = [randomUUID(), randomUUID()];
      const rng = createRng(5);
      const residences: RandomResidence[] = [];
      for (const o of [o1, o2]) {
        const d = randomUUID();
        await db.insertInto('organizations').values({ id: o, name: o }).execute();
        await db
          .insertInto('departments')
          .values({ id: d, organization_id: o, name: 'Afd. 1', town: 'X' })
          .execute();
        residences.push(...randomResidences(rng, 300, o, d));
      }
      // Before 0006 the table has no address_order: the rows go in without it.
      await db.insertInto('residences').values(residences.map(rowOf)).execute();
      expect((await migrator.migrateTo('0006-address-order')).error).toBeUndefined();
      for (const o of [o1, o2]) {
        const rows = await db
          .selectFrom('residences')
          .select(['id', 'address_order'])
          .where('organization_id', '=', o)
          .execute();
        const numbers = new Map(rows.map((r) => [r.id, r.address_order]));
        const own = residences.filter((r) => r.organizationId === o).sort(compareResidences);
        expect(own.map((r) => numbers.get(r.residenceId))).toEqual(own.map((_, i) => i));
      }
      expect(await db.selectFrom('address_order_stale').selectAll().execute()).toEqual([]);
    } finally {
      await db.destroy();
    }
    // Migrating a new PGlite database takes seconds, more on a busy machine.
  }, 120_000);
});
