import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Dto from '../../shared/contract/dto';
import { locationText, searchKey } from '../../shared/rules/location';
import { totalOfPage } from '../../server/src/routes/property-search';
import { bearer, DATABASES, demoToken, organizationsOf, startTestApp, type TestApp } from './helpers';

/**
 * The search says how many residences it finds in all (docs/api.md, `X-Total-Count`), so that
 * the results page's title is the true number and not the size of one page (docs/product.md 2).
 */

const APP_URL = 'http://localhost:5173';

describe('the total a page of hits tells by itself', () => {
  it('is known from a page that is not full, or an empty first page; a full page is counted', () => {
    expect(totalOfPage(0, 15, 7)).toEqual({ count: 7, exact: true });
    expect(totalOfPage(3, 100, 42)).toEqual({ count: 342, exact: true });
    expect(totalOfPage(0, 15, 0)).toEqual({ count: 0, exact: true });
    expect(totalOfPage(0, 15, 15)).toBeNull();
    // Past the end: the page says nothing of how many came before.
    expect(totalOfPage(5, 100, 0)).toBeNull();
  });
});

describe.each(DATABASES)('the total of a search on $name', ({ admin }) => {
  let t: TestApp;
  let token: string;
  let org: string;

  beforeAll(async () => {
    t = await startTestApp(admin, { APP_URL });
    token = await demoToken(t.app, 'skriver');
    [org] = (await organizationsOf(t.app.db, 'skriver')) as [string];
  });
  afterAll(async () => {
    await t?.close();
  });

  const search = async (query: string, size: number, page = 0) => {
    const response = await t.app.inject({
      url: `/api/v2/properties/search?query=${encodeURIComponent(query)}&organizationId=${org}&size=${size}&page=${page}`,
      headers: { ...bearer(token), origin: APP_URL },
    });
    expect(response.statusCode).toBe(200);
    return {
      hits: response.json<Dto.PropertySearchResult[]>(),
      total: response.headers['x-total-count'],
      exposed: String(response.headers['access-control-expose-headers'] ?? ''),
    };
  };

  /** How many of the organization's residences the rule of shared/rules/location.ts finds. */
  const expectedCount = async (query: string) => {
    const residences = await t.app.db
      .selectFrom('residences')
      .selectAll()
      .where('organization_id', '=', org)
      .execute();
    const key = searchKey(query);
    return residences.filter((r) =>
      searchKey(
        locationText({
          streetName: r.street_name,
          streetNumber: r.street_number,
          floorNumber: r.floor_number,
          doorCode: r.door_code,
          zipCode: r.zip_code,
          town: r.town,
        }),
      ).includes(key),
    ).length;
  };

  it('says how many residences a search finds in all, not how many one page holds', async () => {
    // "8220": the big department alone has over 2,000; a page holds at most 1000.
    for (const query of ['8220', 'vej']) {
      const expected = await expectedCount(query);
      expect(expected).toBeGreaterThan(1000);
      for (const size of [15, 1000]) {
        const { hits, total } = await search(query, size);
        expect(hits).toHaveLength(size);
        expect(total, `${query}, ${size} a page`).toBe(String(expected));
      }
    }
  });

  it('gives the same total with every page, the last and one past the end too', async () => {
    const expected = await expectedCount('8220');
    const ids = new Set<string>();
    let page = 0;
    for (; ; page++) {
      const { hits, total } = await search('8220', 500, page);
      expect(total, `page ${page}`).toBe(String(expected));
      for (const hit of hits) ids.add(hit.residenceId);
      if (hits.length < 500) break;
    }
    expect(ids.size).toBe(expected);
    const beyond = await search('8220', 500, page + 3);
    expect(beyond.hits).toEqual([]);
    expect(beyond.total).toBe(String(expected));
  });

  it('counts a search with a few hits, and one with none', async () => {
    const residence = await t.app.db
      .selectFrom('residences')
      .select(['street_name', 'street_number'])
      .where('organization_id', '=', org)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const query = `${residence.street_name} ${residence.street_number}`;
    const few = await search(query, 15);
    expect(few.hits.length).toBeGreaterThan(0);
    expect(few.total).toBe(String(await expectedCount(query)));
    expect((await search('xqzxqz', 15)).total).toBe('0');
    expect((await search('...', 15)).total).toBe('0');
  });

  it('lets the app on another origin read the total (CORS)', async () => {
    const { exposed } = await search('8220', 15);
    expect(exposed.toLowerCase().split(/\s*,\s*/)).toContain('x-total-count');
  });

  it('counts anew whenever an address changes, and remembers the count until then', async () => {
    // docs/performance.md "National scale": counts are kept per version of the search keys.
    const departmentOf = (organizationId: string) =>
      t.app.db
        .selectFrom('departments')
        .select('id')
        .where('organization_id', '=', organizationId)
        .orderBy('id')
        .executeTakeFirstOrThrow();
    const department = await departmentOf(org);
    const add = (count: number, from: number) =>
      sql`insert into residences (id, organization_id, department_id, street_name, street_number,
          floor_number, door_code, zip_code, town, latitude, longitude, is_converted)
        select gen_random_uuid(), ${org}, ${department.id}, 'Huskegade', g::text, null, null,
          '9991', 'Huskeby', 56, 10, false
        from generate_series(${from}::integer, ${from + count - 1}::integer) g`.execute(t.app.db);
    const total = async () => (await search('huskegade', 15)).total;
    const one = (number: string) =>
      t.app.db
        .selectFrom('residences')
        .select('id')
        .where('organization_id', '=', org)
        .where('street_name', '=', 'Huskegade')
        .where('street_number', '=', number)
        .executeTakeFirstOrThrow();

    await add(16, 1);
    expect(await total()).toBe('16');
    // Added behind the version's back: the remembered count stands.
    await sql`alter table residences disable trigger residences_search_key_versions_insert`.execute(t.app.db);
    await add(1, 17);
    await sql`alter table residences enable trigger residences_search_key_versions_insert`.execute(t.app.db);
    expect(await total()).toBe('16');
    // Added, renamed away, moved to another organization, deleted: counted anew each time.
    await add(1, 18);
    expect(await total()).toBe('18');
    await t.app.db
      .updateTable('residences')
      .set({ street_name: 'Glemmegade' })
      .where('id', '=', (await one('1')).id)
      .execute();
    expect(await total()).toBe('17');
    const other = (
      await t.app.db
        .selectFrom('organizations')
        .select('id')
        .where('id', '!=', org)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    await t.app.db
      .updateTable('residences')
      .set({ organization_id: other, department_id: (await departmentOf(other)).id })
      .where('id', '=', (await one('2')).id)
      .execute();
    expect(await total()).toBe('16');
    await t.app.db
      .deleteFrom('residences')
      .where('id', '=', (await one('3')).id)
      .execute();
    expect(await total()).toBe('15');
    // A change elsewhere in the address that leaves the key as it was moves nothing.
    const versionOf = async () =>
      (
        await t.app.db
          .selectFrom('search_key_versions')
          .select('version')
          .where('organization_id', '=', org)
          .executeTakeFirstOrThrow()
      ).version;
    const before = await versionOf();
    await t.app.db
      .updateTable('residences')
      .set({ latitude: 56.5 })
      .where('id', '=', (await one('4')).id)
      .execute();
    expect(await versionOf()).toBe(before);
  });

  // Last: it adds residences to the organization.
  it('says "more than 10,000" past the limit of counting, and the exact number once the last page tells it', async () => {
    const department = await t.app.db
      .selectFrom('departments')
      .select('id')
      .where('organization_id', '=', org)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    // 10,001 residences on a street no other query of this suite finds.
    await sql`insert into residences (id, organization_id, department_id, street_name, street_number,
        floor_number, door_code, zip_code, town, latitude, longitude, is_converted)
      select gen_random_uuid(), ${org}, ${department.id}, 'Tælleparken', g::text, null, null,
        '9990', 'Tælleby', 56, 10, false
      from generate_series(1, 10001) g`.execute(t.app.db);

    const first = await search('tælleparken', 15);
    expect(first.hits.map((h) => h.streetNumber)).toEqual(
      Array.from({ length: 15 }, (_, i) => String(i + 1)),
    );
    expect(first.total).toBe('10000+');
    expect((await search('tælleparken', 1000, 9)).total).toBe('10000+');
    const last = await search('tælleparken', 1000, 10);
    expect(last.hits.map((h) => h.streetNumber)).toEqual(['10001']);
    expect(last.total).toBe('10001');
  });
});
