import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Dto from '../../shared/contract/dto';
import { pickWinner } from '../../shared/rules/duplicate-rule';
import { compareAddresses, compareNames, locationText, searchKey } from '../../shared/rules/location';
import { NO_DATE } from '../../shared/rules/statuses';
import { haversineMetres } from '../../server/src/domain/geo';
import { residenceSearchKeySql } from '../../server/src/domain/residence-search';
import { bearer, DATABASES, demoToken, organizationsOf, startTestApp, type TestApp } from './helpers';
import { scaledMs } from '../support/time-factor';

const USERS = ['skriver', 'laeser', 'flere', 'uden-org'] as const;
type User = (typeof USERS)[number];

interface Fixture {
  /** skriver's (and laeser's) organization. */
  ownOrg: string;
  /** An organization of flere that skriver does not belong to. */
  otherOrg: string;
  bigDepartment: { id: string; residences: number };
  otherDepartment: string;
  otherResidence: string;
  /** A residence of ownOrg with an approved and a newer draft assessment. */
  approvedThenDraft: { residenceId: string; approvedId: string; draftId: string };
  /** A residence of ownOrg with a cancelled and an approved assessment. */
  cancelledThenApproved: { residenceId: string; cancelledId: string; approvedId: string };
}

describe.each(DATABASES)('property endpoints on $name', ({ admin }) => {
  let t: TestApp;
  const tokens = {} as Record<User, string>;
  let f: Fixture;

  const get = (user: User | null, url: string) =>
    t.app.inject({ url, headers: user ? bearer(tokens[user]) : {} });

  beforeAll(async () => {
    t = await startTestApp(admin);
    for (const user of USERS) tokens[user] = await demoToken(t.app, user);
    const db = t.app.db;
    const [ownOrg] = await organizationsOf(db, 'skriver');
    const otherOrg = (await organizationsOf(db, 'flere')).find((id) => id !== ownOrg)!;
    const big = await db
      .selectFrom('residences')
      .select(['department_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('department_id')
      .orderBy('n', 'desc')
      .executeTakeFirstOrThrow();
    const otherDepartment = await db
      .selectFrom('departments')
      .select('id')
      .where('organization_id', '=', otherOrg)
      .executeTakeFirstOrThrow();
    const otherResidence = await db
      .selectFrom('residences')
      .select('id')
      .where('organization_id', '=', otherOrg)
      .executeTakeFirstOrThrow();
    const pair = async (older: 'approved' | 'cancelled', newer: 'draft' | 'approved') => {
      const rows = await db
        .selectFrom('assessments as o')
        .innerJoin('assessments as n', 'n.residence_id', 'o.residence_id')
        .select(['o.residence_id', 'o.id as olderId', 'n.id as newerId'])
        .where('o.organization_id', '=', ownOrg!)
        .where('o.status', '=', older)
        .where('n.status', '=', newer)
        .whereRef('n.created_at', '>', 'o.created_at')
        .where('o.future_approved_date', 'is', null)
        .where('n.future_approved_date', 'is', null)
        .orderBy('o.residence_id')
        .execute();
      return rows[0]!;
    };
    const atd = await pair('approved', 'draft');
    const cta = await pair('cancelled', 'approved');
    f = {
      ownOrg: ownOrg!,
      otherOrg,
      bigDepartment: { id: big.department_id, residences: Number(big.n) },
      otherDepartment: otherDepartment.id,
      otherResidence: otherResidence.id,
      approvedThenDraft: { residenceId: atd.residence_id, approvedId: atd.olderId, draftId: atd.newerId },
      cancelledThenApproved: {
        residenceId: cta.residence_id,
        cancelledId: cta.olderId,
        approvedId: cta.newerId,
      },
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A 403 that carries nothing but the error. */
  const expectForbidden = (response: Awaited<ReturnType<typeof get>>) => {
    expect(response.statusCode).toBe(403);
    expect(Object.keys(response.json()).sort()).toEqual(['code', 'message']);
  };
  const expectBadRequest = (response: Awaited<ReturnType<typeof get>>) => {
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json().message).toEqual(expect.any(String));
  };

  describe('GET /api/v2/properties/availabledepartments', () => {
    const url = (org: string) => `/api/v2/properties/availabledepartments?organizationId=${org}`;

    it('lists the departments of the organization by name with their residence counts', async () => {
      const response = await get('skriver', url(f.ownOrg));
      expect(response.statusCode).toBe(200);
      expect(typeof response.headers['set-authorization']).toBe('string');
      const departments = response.json<Dto.Department[]>();
      const expected = await t.app.db
        .selectFrom('departments as d')
        .select([
          'd.id',
          (eb) =>
            eb
              .selectFrom('residences as r')
              .select(eb.fn.countAll<number>().as('n'))
              .whereRef('r.department_id', '=', 'd.id')
              .as('n'),
        ])
        .where('d.organization_id', '=', f.ownOrg)
        .execute();
      expect(departments).toHaveLength(expected.length);
      for (const d of departments) {
        expect(Object.keys(d).sort()).toEqual(['departmentId', 'departmentName', 'propertiesCount']);
        expect(d.propertiesCount).toBe(Number(expected.find((e) => e.id === d.departmentId)!.n));
      }
      const names = departments.map((d) => d.departmentName);
      expect(names).toEqual([...names].sort(compareNames));
      expect(departments.find((d) => d.departmentId === f.bigDepartment.id)?.propertiesCount).toBe(
        f.bigDepartment.residences,
      );
    });

    it('takes the organization id in any case', async () => {
      const upper = await get('skriver', url(f.ownOrg.toUpperCase()));
      expect(upper.statusCode).toBe(200);
      expect(upper.json()).toEqual((await get('skriver', url(f.ownOrg))).json());
    });

    it('answers the read user too', async () => {
      expect((await get('laeser', url(f.ownOrg))).json()).toEqual(
        (await get('skriver', url(f.ownOrg))).json(),
      );
    });

    it('refuses another organization with 403 and no data', async () => {
      expectForbidden(await get('skriver', url(f.otherOrg)));
      expectForbidden(await get('uden-org', url(f.ownOrg)));
      expect((await get('flere', url(f.otherOrg))).statusCode).toBe(200);
    });

    it.each([
      ['no organizationId', ''],
      ['a non-uuid', 'organizationId=42'],
      ['an empty one', 'organizationId='],
      ['a huge one', `organizationId=${'a'.repeat(10_000)}`],
      [
        'two of them',
        'organizationId=7c2e4b1a-3f5d-4e8a-9b6c-1d2e3f4a5b01&organizationId=7c2e4b1a-3f5d-4e8a-9b6c-1d2e3f4a5b01',
      ],
    ])('answers %s with 400 JSON', async (_name, query) => {
      expectBadRequest(await get('skriver', `/api/v2/properties/availabledepartments?${query}`));
    });

    it('needs a token', async () => {
      expect((await get(null, url(f.ownOrg))).statusCode).toBe(401);
    });
  });

  describe('GET /api/v2/properties/propertiesbydepartment', () => {
    const url = (id: string) => `/api/v2/properties/propertiesbydepartment?locationId=${id}`;

    it('lists every assessment plus every residence without one, fast, for the big department', async () => {
      // Warm-up: the first request of a suite also compiles the route's serializer.
      await get('skriver', url(f.bigDepartment.id));
      const started = performance.now();
      const response = await get('skriver', url(f.bigDepartment.id));
      const elapsed = performance.now() - started;
      expect(response.statusCode).toBe(200);
      expect(elapsed).toBeLessThan(scaledMs(1500));
      const rows = response.json<Dto.PropertyRow[]>();
      const [{ assessments }] = await t.app.db
        .selectFrom('assessments as a')
        .innerJoin('residences as r', 'r.id', 'a.residence_id')
        .select((eb) => eb.fn.countAll<number>().as('assessments'))
        .where('r.department_id', '=', f.bigDepartment.id)
        .where('a.status', '!=', 'cancelled')
        .execute();
      const [{ without }] = await t.app.db
        .selectFrom('residences as r')
        .select((eb) => eb.fn.countAll<number>().as('without'))
        .where('r.department_id', '=', f.bigDepartment.id)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('assessments as a')
                .select('a.id')
                .whereRef('a.residence_id', '=', 'r.id')
                .where('a.status', '!=', 'cancelled'),
            ),
          ),
        )
        .execute();
      expect(rows.length).toBe(Number(assessments) + Number(without));
      expect(rows.length).toBeGreaterThan(2000);
      expect(new Set(rows.map((r) => r.residenceId)).size).toBe(f.bigDepartment.residences);
      console.info(`propertiesbydepartment, ${rows.length} rows: ${elapsed.toFixed(0)} ms`);
    });

    it('orders rows by address, a residence’s assessments newest first, with the fields of PropertyRow', async () => {
      const rows = (await get('skriver', url(f.bigDepartment.id))).json<Dto.PropertyRow[]>();
      for (let i = 1; i < rows.length; i++) {
        const [a, b] = [rows[i - 1]!, rows[i]!];
        expect(compareAddresses(a, b), `${a.location} / ${b.location}`).toBeLessThanOrEqual(0);
        if (a.residenceId === b.residenceId) {
          expect(a.createdAt! >= b.createdAt!).toBe(true);
        }
      }
      for (const row of rows) {
        expect(row.departmentId).toBe(f.bigDepartment.id);
        expect(row.location).toBe(locationText(row));
        if (row.assessmentId === null) {
          expect(row).toMatchObject({
            assessmentStatus: 'notStarted',
            isCalculated: false,
            futureApprovedDate: NO_DATE,
            createdAt: null,
          });
        } else {
          expect(['draft', 'ready', 'approved', 'rejected']).toContain(row.assessmentStatus);
        }
      }
      // Both kinds occur.
      expect(rows.some((r) => r.assessmentId === null)).toBe(true);
      expect(rows.some((r) => r.assessmentId !== null)).toBe(true);
    });

    it('hides cancelled assessments and lists duplicates of one residence newest first', async () => {
      const department = await t.app.db
        .selectFrom('residences')
        .select('department_id')
        .where('id', '=', f.approvedThenDraft.residenceId)
        .executeTakeFirstOrThrow();
      const rows = (await get('skriver', url(department.department_id))).json<Dto.PropertyRow[]>();
      const ofResidence = rows.filter((r) => r.residenceId === f.approvedThenDraft.residenceId);
      expect(ofResidence.map((r) => r.assessmentId)).toEqual([
        f.approvedThenDraft.draftId,
        f.approvedThenDraft.approvedId,
      ]);
      const cancelledDepartment = await t.app.db
        .selectFrom('residences')
        .select('department_id')
        .where('id', '=', f.cancelledThenApproved.residenceId)
        .executeTakeFirstOrThrow();
      const other = (await get('skriver', url(cancelledDepartment.department_id))).json<Dto.PropertyRow[]>();
      const ids = other
        .filter((r) => r.residenceId === f.cancelledThenApproved.residenceId)
        .map((r) => r.assessmentId);
      expect(ids).toEqual([f.cancelledThenApproved.approvedId]);
      const cancelled = await t.app.db
        .selectFrom('assessments')
        .select('id')
        .where('status', '=', 'cancelled')
        .execute();
      const all = new Set(other.map((r) => r.assessmentId));
      for (const { id } of cancelled) expect(all.has(id)).toBe(false);
    });

    it('answers no or an empty location id with an empty list (docs/product.md 5)', async () => {
      for (const path of ['/api/v2/properties/propertiesbydepartment', url('')]) {
        const response = await get('skriver', path);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual([]);
      }
    });

    it('answers the read user, refuses other organizations, and 404s an unknown department', async () => {
      expect((await get('laeser', url(f.otherDepartment))).statusCode).toBe(403);
      expectForbidden(await get('skriver', url(f.otherDepartment)));
      expect((await get('flere', url(f.otherDepartment))).statusCode).toBe(200);
      const laeser = await get('laeser', url(f.bigDepartment.id));
      expect(laeser.statusCode).toBe(200);
      const unknown = await get('skriver', url('5e1d0000-0000-4000-8000-00000000ffff'));
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toEqual(expect.any(String));
    });

    it.each([
      ['a non-uuid', 'locationId=afd-4'],
      ['a number', 'locationId=101'],
      ['a huge one', `locationId=${'9'.repeat(5000)}`],
    ])('answers %s with 400 JSON', async (_name, query) => {
      expectBadRequest(await get('skriver', `/api/v2/properties/propertiesbydepartment?${query}`));
    });
  });

  describe('GET /api/v2/properties/search', () => {
    const url = (query: string, org: string, extra = '') =>
      `/api/v2/properties/search?query=${encodeURIComponent(query)}&organizationId=${org}${extra}`;
    const search = async (query: string, extra = '&size=1000') => {
      const response = await get('skriver', url(query, f.ownOrg, extra));
      expect(response.statusCode).toBe(200);
      return response.json<Dto.PropertySearchResult[]>();
    };
    /** The expected hits, computed from the rule in shared/rules/location.ts. */
    const expectedIds = async (query: string) => {
      const residences = await t.app.db
        .selectFrom('residences')
        .selectAll()
        .where('organization_id', '=', f.ownOrg)
        .execute();
      const key = searchKey(query);
      return residences
        .filter((r) =>
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
        )
        .map((r) => r.id)
        .sort();
    };
    const aStreet = async (pattern: RegExp) => {
      const streets = await t.app.db
        .selectFrom('residences')
        .select('street_name')
        .distinct()
        .where('organization_id', '=', f.ownOrg)
        .orderBy('street_name')
        .execute();
      return streets.map((s) => s.street_name).find((s) => pattern.test(s))!;
    };

    it('finds "street number" prefixes case-insensitively: "<street> 1" gives 1, 10, 12A…', async () => {
      // A street with several numbers starting with 1 (1, 10, 12A…).
      const numbers = await t.app.db
        .selectFrom('residences')
        .select(['street_name', 'street_number'])
        .distinct()
        .where('organization_id', '=', f.ownOrg)
        .where('street_number', 'like', '1%')
        .execute();
      const counts = new Map<string, number>();
      for (const n of numbers) counts.set(n.street_name, (counts.get(n.street_name) ?? 0) + 1);
      const street = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
      const query = `${street.toLowerCase()} 1`;
      const hits = await search(query);
      expect(hits.length).toBeGreaterThan(0);
      for (const hit of hits) {
        expect(`${hit.streetName} ${hit.streetNumber}`.toLowerCase().startsWith(query)).toBe(true);
      }
      expect(hits.map((h) => h.residenceId).sort()).toEqual(await expectedIds(query));
      expect(new Set(hits.map((h) => h.streetNumber)).size).toBeGreaterThan(1);
    });

    it('matches Danish letters in any case', async () => {
      const street = await aStreet(/[æøåÆØÅ]/);
      const lower = await search(street.toLowerCase());
      const upper = await search(street.toUpperCase());
      expect(lower.length).toBeGreaterThan(0);
      expect(upper).toEqual(lower);
      expect(lower.every((h) => h.streetName === street)).toBe(true);
    });

    it('matches anywhere in the location text, written out or not', async () => {
      const residence = await t.app.db
        .selectFrom('residences')
        .selectAll()
        .where('organization_id', '=', f.ownOrg)
        .where('floor_number', '=', 'st')
        .where('door_code', '=', 'tv')
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const text = locationText({
        streetName: residence.street_name,
        streetNumber: residence.street_number,
        floorNumber: residence.floor_number,
        doorCode: residence.door_code,
        zipCode: residence.zip_code,
      });
      for (const query of [
        text,
        text.toUpperCase(),
        `${residence.street_number}, st. tv., ${residence.zip_code}`,
      ]) {
        const hits = await search(query);
        expect(
          hits.map((h) => h.residenceId),
          query,
        ).toContain(residence.id);
        expect(hits.map((h) => h.residenceId).sort(), query).toEqual(await expectedIds(query));
      }
      // The town is searched too, though the location text leaves it out.
      const byTown = await search(residence.town.toLowerCase(), `&size=1000&page=0`);
      expect(byTown.length).toBeGreaterThan(0);
      expect(byTown.every((h) => h.zipCode === residence.zip_code)).toBe(true);
    });

    it('sorts by street, number numerically, number text and floor, and pages', async () => {
      const all = await search('vej');
      expect(all.length).toBeGreaterThan(40);
      for (let i = 1; i < all.length; i++)
        expect(compareAddresses(all[i - 1]!, all[i]!)).toBeLessThanOrEqual(0);
      const first = await search('vej', '&size=20&page=0');
      const second = await search('vej', '&size=20&page=1');
      expect(first.map((h) => h.residenceId)).toEqual(all.slice(0, 20).map((h) => h.residenceId));
      expect(second.map((h) => h.residenceId)).toEqual(all.slice(20, 40).map((h) => h.residenceId));
      expect(await search('vej', '')).toHaveLength(15);
      expect(await search('vej', `&size=10&page=100000`)).toEqual([]);
    });

    it('gives each residence the status of its winning assessment (duplicate rule)', async () => {
      const residence = await t.app.db
        .selectFrom('residences')
        .selectAll()
        .where('id', '=', f.approvedThenDraft.residenceId)
        .executeTakeFirstOrThrow();
      const query = locationText({
        streetName: residence.street_name,
        streetNumber: residence.street_number,
        floorNumber: residence.floor_number,
        doorCode: residence.door_code,
        zipCode: residence.zip_code,
      });
      const hit = (await search(query)).find((h) => h.residenceId === residence.id)!;
      expect(hit).toMatchObject({
        assessmentStatus: 'approved',
        location: query,
        futureApprovedDate: NO_DATE,
      });
      expect(Object.keys(hit).sort()).toEqual(
        [
          'assessmentStatus',
          'doorCode',
          'floorNumber',
          'futureApprovedDate',
          'isCalculated',
          'location',
          'residenceId',
          'streetName',
          'streetNumber',
          'zipCode',
        ].sort(),
      );
      // Every hit agrees with pickWinner over the residence's non-cancelled assessments, newest first.
      const hits = await search('vej', '&size=300');
      const assessments = await t.app.db
        .selectFrom('assessments')
        .selectAll()
        .where('status', '!=', 'cancelled')
        .where(
          'residence_id',
          'in',
          hits.map((h) => h.residenceId),
        )
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      for (const h of hits) {
        const own = assessments
          .filter((a) => a.residence_id === h.residenceId)
          .map((a) => ({
            assessmentStatus: a.status,
            isCalculated: a.is_calculated,
            futureApprovedDate: a.future_approved_date
              ? new Date(a.future_approved_date).toISOString()
              : NO_DATE,
          }));
        const winner = pickWinner(own);
        expect(h.assessmentStatus).toBe(winner?.assessmentStatus ?? 'notStarted');
        expect(h.isCalculated).toBe(winner?.isCalculated ?? false);
        expect(h.futureApprovedDate).toBe(winner?.futureApprovedDate ?? NO_DATE);
      }
    });

    it('never finds residences of other organizations, and refuses them with 403', async () => {
      const foreign = await t.app.db
        .selectFrom('residences')
        .select('street_name')
        .where('organization_id', '=', f.otherOrg)
        .executeTakeFirstOrThrow();
      expect(await search(foreign.street_name)).toEqual([]);
      expectForbidden(await get('skriver', url(foreign.street_name, f.otherOrg)));
      const flere = await get('flere', url(foreign.street_name, f.otherOrg));
      expect(flere.json<unknown[]>().length).toBeGreaterThan(0);
      expect((await get('laeser', url('vej', f.ownOrg))).statusCode).toBe(200);
    });

    it.each([
      ['a query of 2 characters', 'query=ab&organizationId=ORG'],
      ['a query of spaces around 2 characters', 'query=%20%20ab%20%20&organizationId=ORG'],
      ['no query', 'organizationId=ORG'],
      ['a huge query', `query=${'x'.repeat(20_000)}&organizationId=ORG`],
      ['no organizationId', 'query=vej'],
      ['a non-uuid organizationId', 'query=vej&organizationId=abc'],
      ['size 0', 'query=vej&organizationId=ORG&size=0'],
      ['size 1001', 'query=vej&organizationId=ORG&size=1001'],
      ['a text size', 'query=vej&organizationId=ORG&size=many'],
      ['a fractional size', 'query=vej&organizationId=ORG&size=1.5'],
      ['a negative page', 'query=vej&organizationId=ORG&page=-1'],
      // Found by tests/server/fuzz.test.ts: these reached the database and failed there as 500s.
      ['a query with NUL', 'query=vej%00&organizationId=ORG'],
      ['a query with another control character', 'query=v%1Bej&organizationId=ORG'],
      ['a size of 1e400 (Infinity)', 'query=vej&organizationId=ORG&size=1e400'],
      ['a page of 1e400 (Infinity)', 'query=vej&organizationId=ORG&page=1e400'],
    ])('answers %s with 400 JSON', async (_name, query) => {
      expectBadRequest(await get('skriver', `/api/v2/properties/search?${query.replace('ORG', f.ownOrg)}`));
    });

    it('names the parameter that holds a control character', async () => {
      const response = await get('skriver', url('vej\u0000', f.ownOrg));
      expect(response.json()).toEqual({
        message: 'querystring/query must not contain control characters',
        code: 'BAD_REQUEST',
      });
    });

    it('finds nothing, not everything, for a query of punctuation only', async () => {
      expect(await search('...')).toEqual([]);
    });

    it("matches LIKE's wildcards only as themselves", async () => {
      expect(await search('%%%')).toEqual([]);
      expect(await search('___')).toEqual([]);
      expect(await search('v_j')).toEqual([]);
    });

    it('gives, page after page, exactly the hits in address order, across street boundaries', async () => {
      const all = await search('vej');
      const paged: Dto.PropertySearchResult[] = [];
      for (let page = 0; ; page++) {
        const hits = await search('vej', `&size=37&page=${page}`);
        paged.push(...hits);
        if (hits.length < 37) break;
      }
      // `all` is the first page of 1000.
      expect(paged.slice(0, all.length)).toEqual(all);
      expect(paged.map((h) => h.residenceId).sort()).toEqual(await expectedIds('vej'));
      for (let i = 1; i < paged.length; i++)
        expect(compareAddresses(paged[i - 1]!, paged[i]!)).toBeLessThanOrEqual(0);
      expect(new Set(all.map((h) => h.streetName)).size).toBeGreaterThan(3);
    });

    it('computes the search key in SQL exactly as shared/rules/location.ts does, for every residence', async () => {
      const rows = await t.app.db
        .selectFrom('residences as r')
        .selectAll('r')
        .select(residenceSearchKeySql.as('key'))
        .execute();
      for (const r of rows) {
        const expected = searchKey(
          locationText({
            streetName: r.street_name,
            streetNumber: r.street_number,
            floorNumber: r.floor_number,
            doorCode: r.door_code,
            zipCode: r.zip_code,
            town: r.town,
          }),
        );
        if (r.key !== expected) expect(r.key).toBe(expected);
      }
      const [{ odd }] = await t.app.db
        .selectNoFrom(sql<string>`lower(translate('ÆØÅ Ærø', 'ÆØÅÄÖÜÉ', 'æøåäöüé'))`.as('odd'))
        .execute();
      expect(odd).toBe('æøå ærø');
    });
  });

  describe('GET /api/v2/properties/searchbycoordinates', () => {
    const url = (lat: number | string, lon: number | string, org: string) =>
      `/api/v2/properties/searchbycoordinates?latitude=${lat}&longitude=${lon}&organizationId=${org}`;

    it('answers the nearest 50 of the organization, nearest first, with distances in whole metres', async () => {
      const here = await t.app.db
        .selectFrom('residences')
        .select(['id', 'latitude', 'longitude'])
        .where('organization_id', '=', f.ownOrg)
        .orderBy('id')
        .offset(100)
        .executeTakeFirstOrThrow();
      const lat = here.latitude + 0.0003;
      const lon = here.longitude - 0.0002;
      const response = await get('skriver', url(lat, lon, f.ownOrg));
      expect(response.statusCode).toBe(200);
      const hits = response.json<Dto.PropertySearchResult[]>();
      expect(hits).toHaveLength(50);
      const coordinates = new Map(
        (
          await t.app.db
            .selectFrom('residences')
            .select(['id', 'latitude', 'longitude', 'organization_id'])
            .where(
              'id',
              'in',
              hits.map((h) => h.residenceId),
            )
            .execute()
        ).map((r) => [r.id, r]),
      );
      for (let i = 0; i < hits.length; i++) {
        const hit = hits[i]!;
        const r = coordinates.get(hit.residenceId)!;
        expect(r.organization_id).toBe(f.ownOrg);
        expect(Number.isInteger(hit.distance)).toBe(true);
        expect(hit.distance).toBe(Math.round(haversineMetres(lat, lon, r.latitude, r.longitude)));
        if (i > 0) expect(hit.distance!).toBeGreaterThanOrEqual(hits[i - 1]!.distance!);
        expect(hit.location).toBe(locationText(hit));
      }
      // Nothing left out is nearer than the farthest answered.
      const all = await t.app.db
        .selectFrom('residences')
        .select(['latitude', 'longitude'])
        .where('organization_id', '=', f.ownOrg)
        .execute();
      const distances = all
        .map((r) => Math.round(haversineMetres(lat, lon, r.latitude, r.longitude)))
        .sort((a, b) => a - b);
      expect(hits.map((h) => h.distance)).toEqual(distances.slice(0, 50));
      expect(hits[0]!.distance).toBeLessThan(50);
    });

    it('answers exactly the nearest 50 far from every residence as well', async () => {
      const [lat, lon] = [55.1009, 14.7066]; // Rønne, far from the demo organizations
      const hits = (await get('skriver', url(lat, lon, f.ownOrg))).json<Dto.PropertySearchResult[]>();
      const all = await t.app.db
        .selectFrom('residences')
        .select(['id', 'latitude', 'longitude'])
        .where('organization_id', '=', f.ownOrg)
        .execute();
      const nearest = all
        .map((r) => ({ id: r.id, distance: haversineMetres(lat, lon, r.latitude, r.longitude) }))
        .sort((a, b) => a.distance - b.distance || (a.id < b.id ? -1 : 1))
        .slice(0, 50);
      expect(hits.map((h) => h.residenceId).sort()).toEqual(nearest.map((n) => n.id).sort());
      expect(hits.map((h) => h.distance)).toEqual(nearest.map((n) => Math.round(n.distance)));
    });

    it('measures real distances (about 111 km per degree of latitude)', async () => {
      expect(haversineMetres(56, 10, 57, 10)).toBeGreaterThan(111_000);
      expect(haversineMetres(56, 10, 57, 10)).toBeLessThan(111_400);
      expect(haversineMetres(55.6761, 12.5683, 56.1629, 10.2039)).toBeCloseTo(156_000, -4); // København–Aarhus
    });

    it('stays within the organization far from it, refuses others with 403', async () => {
      const foreign = await t.app.db
        .selectFrom('residences')
        .select(['latitude', 'longitude'])
        .where('id', '=', f.otherResidence)
        .executeTakeFirstOrThrow();
      const own = (await get('skriver', url(foreign.latitude, foreign.longitude, f.ownOrg))).json<
        Dto.PropertySearchResult[]
      >();
      expect(own.length).toBe(50);
      expect(own[0]!.distance).toBeGreaterThan(10_000);
      expectForbidden(await get('skriver', url(foreign.latitude, foreign.longitude, f.otherOrg)));
      expect(
        (await get('flere', url(foreign.latitude, foreign.longitude, f.otherOrg))).json<unknown[]>().length,
      ).toBe(50);
      expect((await get('laeser', url(56.15, 10.12, f.ownOrg))).statusCode).toBe(200);
    });

    it.each([
      ['latitude 91', 91, 10],
      ['latitude -90.5', -90.5, 10],
      ['longitude 181', 56, 181],
      ['a text latitude', 'north', 10],
      ['an empty longitude', 56, ''],
      // Found by tests/server/fuzz.test.ts: Ajv coerced these to ±Infinity and let them through.
      ['latitude 1e400', '1e400', 10],
      ['longitude -1e400', 56, '-1e400'],
      ['longitude Infinity', 56, 'Infinity'],
    ])('answers %s with 400 JSON', async (_name, lat, lon) => {
      expectBadRequest(await get('skriver', url(lat, lon, f.ownOrg)));
    });

    it('answers a point a subnormal number away from 0° as the point 0°, not with a 500', async () => {
      // Found by tests/server/fuzz.test.ts: PostgreSQL's radians(5e-324) underflows.
      const tiny = await get('skriver', url('5e-324', '-5e-324', f.ownOrg));
      expect(tiny.statusCode, tiny.body).toBe(200);
      expect(tiny.json()).toEqual((await get('skriver', url(0, 0, f.ownOrg))).json());
    });

    it('answers missing parameters with 400 JSON', async () => {
      expectBadRequest(
        await get('skriver', `/api/v2/properties/searchbycoordinates?latitude=56&organizationId=${f.ownOrg}`),
      );
      expectBadRequest(
        await get('skriver', `/api/v2/properties/searchbycoordinates?latitude=56&longitude=10`),
      );
    });
  });

  describe('GET /api/v2/properties/getproperty and /api/v1/properties/getproperty', () => {
    const url = (version: 'v1' | 'v2', id: string) =>
      `/api/${version}/properties/getproperty?propertyId=${id}`;

    it('gives the residence with its non-cancelled assessments, newest first', async () => {
      const { residenceId, draftId, approvedId } = f.approvedThenDraft;
      const response = await get('skriver', url('v2', residenceId));
      expect(response.statusCode).toBe(200);
      const detail = response.json<Dto.PropertyDetail>();
      const residence = await t.app.db
        .selectFrom('residences as r')
        .innerJoin('departments as d', 'd.id', 'r.department_id')
        .selectAll('r')
        .select('d.name')
        .where('r.id', '=', residenceId)
        .executeTakeFirstOrThrow();
      expect(detail).toEqual({
        id: residenceId,
        beliggenhed: locationText({
          streetName: residence.street_name,
          streetNumber: residence.street_number,
          floorNumber: residence.floor_number,
          doorCode: residence.door_code,
          zipCode: residence.zip_code,
        }),
        departmentId: residence.department_id,
        departmentName: residence.name,
        isConverted: residence.is_converted,
        vurderinger: [
          { vurderingId: draftId, boligId: residenceId, vurderingsStatus: 'draft', konverteret: false },
          { vurderingId: approvedId, boligId: residenceId, vurderingsStatus: 'approved', konverteret: false },
        ],
      });
      const cancelled = (
        await get('laeser', url('v2', f.cancelledThenApproved.residenceId))
      ).json<Dto.PropertyDetail>();
      expect(cancelled.vurderinger.map((v) => v.vurderingId)).toEqual([f.cancelledThenApproved.approvedId]);
    });

    it('uses the legacy names kladde and klar in v1', async () => {
      const v1 = (
        await get('skriver', url('v1', f.approvedThenDraft.residenceId))
      ).json<Dto.PropertyDetail>();
      expect(v1.vurderinger.map((v) => v.vurderingsStatus)).toEqual(['kladde', 'approved']);
      const ready = await t.app.db
        .selectFrom('assessments')
        .select('residence_id')
        .where('status', '=', 'ready')
        .where('organization_id', '=', f.ownOrg)
        .executeTakeFirstOrThrow();
      const readyV1 = (await get('skriver', url('v1', ready.residence_id))).json<Dto.PropertyDetail>();
      expect(readyV1.vurderinger.map((v) => v.vurderingsStatus)).toContain('klar');
      const readyV2 = (await get('skriver', url('v2', ready.residence_id))).json<Dto.PropertyDetail>();
      expect(readyV2.vurderinger.map((v) => v.vurderingsStatus)).toContain('ready');
    });

    it.each(['v1', 'v2'] as const)(
      '%s: refuses another organization, 404s an unknown id, 400s a malformed one',
      async (version) => {
        expectForbidden(await get('skriver', url(version, f.otherResidence)));
        expectForbidden(await get('laeser', url(version, f.otherResidence)));
        expect((await get('flere', url(version, f.otherResidence))).statusCode).toBe(200);
        expect((await get('skriver', url(version, '00000000-0000-4000-8000-0000ffffffff'))).statusCode).toBe(
          404,
        );
        expectBadRequest(await get('skriver', url(version, 'not-a-uuid')));
        expectBadRequest(await get('skriver', `/api/${version}/properties/getproperty`));
        expectBadRequest(await get('skriver', url(version, `${f.otherResidence}x`)));
      },
    );
  });
});
