import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Dto from '../../shared/contract/dto';
import { DEPARTMENT_LIST_CACHE_BYTES } from '../../server/src/domain/department-list-cache';
import { createJsonListCache } from '../../server/src/http/versioned-body-cache';
import { bearer, DATABASES, demoToken, startTestApp, type TestApp } from './helpers';

/**
 * The department lists are built once per version of the department (migration 0005's
 * triggers keep the version): every write that changes a list must make the next read fresh,
 * also a write by another process (here: straight into the database, past the app).
 */
describe.each(DATABASES)('the department list cache on $name', ({ admin }) => {
  let t: TestApp;
  let token: string;
  let departmentId: string;
  let otherDepartmentId: string;

  const url = (id: string) => `/api/v2/properties/propertiesbydepartment?locationId=${id}`;
  const list = async (id = departmentId, headers: Record<string, string> = {}) => {
    const response = await t.app.inject({ url: url(id), headers: { ...bearer(token), ...headers } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Dto.PropertyRow[]>();
  };
  const versionOf = async (id: string) =>
    (
      await sql<{
        version: number;
      }>`select version from department_list_versions where department_id = ${id}`.execute(t.app.db)
    ).rows[0]?.version;
  /** A residence of the department with no assessment. */
  const freeResidence = async (id = departmentId) =>
    (await list(id)).find((r) => r.assessmentId === null)!.residenceId;

  beforeAll(async () => {
    t = await startTestApp(admin);
    token = await demoToken(t.app, 'skriver');
    const [org] = (
      await t.app.inject({ url: '/api/v2/organizations/getorganizations', headers: bearer(token) })
    ).json<{ id: string }[]>();
    const departments = (
      await t.app.inject({
        url: `/api/v2/properties/availabledepartments?organizationId=${org!.id}`,
        headers: bearer(token),
      })
    ).json<Dto.Department[]>();
    // Small departments keep the suite quick; two of them for the statements that touch both.
    const small = departments
      .filter((d) => d.propertiesCount > 1)
      .sort((a, b) => a.propertiesCount - b.propertiesCount);
    departmentId = small[0]!.departmentId;
    otherDepartmentId = small[1]!.departmentId;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('shows an assessment created through the API, and drops it once it is abandoned', async () => {
    const residenceId = await freeResidence();
    const before = await list();
    const created = await t.app.inject({
      url: `/api/v2/assessment/createnewassessment?propertyId=${residenceId}`,
      headers: bearer(token),
    });
    expect(created.statusCode, created.body).toBe(200);
    const assessmentId = created.json<string>();
    const after = await list();
    expect(after).toHaveLength(before.length);
    expect(after.find((r) => r.residenceId === residenceId)).toMatchObject({
      assessmentId,
      assessmentStatus: 'draft',
    });

    const abandoned = await t.app.inject({
      method: 'POST',
      url: `/api/v2/assessment/abandonassessment?assessmentId=${assessmentId}&propertyId=${residenceId}`,
      headers: bearer(token),
    });
    expect(abandoned.statusCode, abandoned.body).toBe(200);
    expect((await list()).find((r) => r.residenceId === residenceId)).toMatchObject({
      assessmentId: null,
      assessmentStatus: 'notStarted',
    });
  });

  it('sees writes that bypass this server: assessments inserted, updated and deleted, residences changed', async () => {
    const residenceId = await freeResidence();
    const residence = await t.app.db
      .selectFrom('residences')
      .select(['organization_id', 'street_name'])
      .where('id', '=', residenceId)
      .executeTakeFirstOrThrow();
    const id = '0ddba110-0000-4000-8000-000000000001';
    await t.app.db
      .insertInto('assessments')
      .values({ id, organization_id: residence.organization_id, residence_id: residenceId, status: 'draft' })
      .execute();
    expect((await list()).find((r) => r.residenceId === residenceId)?.assessmentId).toBe(id);

    await t.app.db.updateTable('assessments').set({ status: 'ready' }).where('id', '=', id).execute();
    expect((await list()).find((r) => r.assessmentId === id)?.assessmentStatus).toBe('ready');

    await t.app.db.updateTable('assessments').set({ is_calculated: true }).where('id', '=', id).execute();
    expect((await list()).find((r) => r.assessmentId === id)?.isCalculated).toBe(true);

    const future = new Date('2031-05-01T00:00:00.000Z');
    await t.app.db
      .updateTable('assessments')
      .set({ future_approved_date: future })
      .where('id', '=', id)
      .execute();
    expect((await list()).find((r) => r.assessmentId === id)?.futureApprovedDate).toBe(future.toISOString());

    await t.app.db.deleteFrom('assessments').where('id', '=', id).execute();
    expect((await list()).some((r) => r.assessmentId === id)).toBe(false);

    await t.app.db
      .updateTable('residences')
      .set({ street_name: 'Omdøbt Allé' })
      .where('id', '=', residenceId)
      .execute();
    expect((await list()).find((r) => r.residenceId === residenceId)?.streetName).toBe('Omdøbt Allé');
    await t.app.db
      .updateTable('residences')
      .set({ street_name: residence.street_name })
      .where('id', '=', residenceId)
      .execute();
    expect((await list()).find((r) => r.residenceId === residenceId)?.streetName).toBe(residence.street_name);
  });

  it('moves a residence between departments: both lists change', async () => {
    const residenceId = await freeResidence();
    await list(otherDepartmentId);
    await t.app.db
      .updateTable('residences')
      .set({ department_id: otherDepartmentId })
      .where('id', '=', residenceId)
      .execute();
    expect((await list()).some((r) => r.residenceId === residenceId)).toBe(false);
    expect((await list(otherDepartmentId)).some((r) => r.residenceId === residenceId)).toBe(true);
    await t.app.db
      .updateTable('residences')
      .set({ department_id: departmentId })
      .where('id', '=', residenceId)
      .execute();
    expect((await list()).some((r) => r.residenceId === residenceId)).toBe(true);
    expect((await list(otherDepartmentId)).some((r) => r.residenceId === residenceId)).toBe(false);
  });

  it('gives every department of one statement a new version, and leaves others alone', async () => {
    const third = await t.app.db
      .selectFrom('departments')
      .select('id')
      .where('id', 'not in', [departmentId, otherDepartmentId])
      .executeTakeFirstOrThrow();
    const before = [
      await versionOf(departmentId),
      await versionOf(otherDepartmentId),
      await versionOf(third.id),
    ];
    await t.app.db
      .updateTable('residences')
      .set((eb) => ({ is_converted: eb.not('is_converted') }))
      .where('department_id', 'in', [departmentId, otherDepartmentId])
      .execute();
    const after = [
      await versionOf(departmentId),
      await versionOf(otherDepartmentId),
      await versionOf(third.id),
    ];
    expect(after[0]).not.toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
    expect(after[0]).not.toBe(after[1]);
    expect(after[2]).toBe(before[2]);
    await t.app.db
      .updateTable('residences')
      .set((eb) => ({ is_converted: eb.not('is_converted') }))
      .where('department_id', 'in', [departmentId, otherDepartmentId])
      .execute();
  });

  it('keeps the version when an update changes nothing the list shows (an answer moving updated_at)', async () => {
    const residenceId = await freeResidence();
    const created = await t.app.inject({
      url: `/api/v2/assessment/createnewassessment?propertyId=${residenceId}`,
      headers: bearer(token),
    });
    const assessmentId = created.json<string>();
    const version = await versionOf(departmentId);
    expect(version).toBeDefined();
    await t.app.db
      .updateTable('assessments')
      .set({ updated_at: new Date(), last_answered_question_unique_id: null })
      .where('id', '=', assessmentId)
      .execute();
    expect(await versionOf(departmentId)).toBe(version);
    await t.app.db
      .updateTable('assessments')
      .set({ status: 'rejected' })
      .where('id', '=', assessmentId)
      .execute();
    expect(await versionOf(departmentId)).not.toBe(version);
  });

  it('keeps the version when residences change only what the list does not show (the address order, the position)', async () => {
    await list();
    const version = await versionOf(departmentId);
    await t.app.db
      .updateTable('residences')
      .set((eb) => ({ address_order: eb('address_order', '+', 1), latitude: eb('latitude', '+', 0.0001) }))
      .where('department_id', '=', departmentId)
      .execute();
    expect(await versionOf(departmentId)).toBe(version);
    await t.app.db
      .updateTable('residences')
      .set((eb) => ({ zip_code: eb.ref('zip_code') }))
      .where('department_id', '=', departmentId)
      .execute();
    expect(await versionOf(departmentId)).toBe(version);
    const residenceId = await freeResidence();
    await t.app.db.updateTable('residences').set({ door_code: 'zz' }).where('id', '=', residenceId).execute();
    expect(await versionOf(departmentId)).not.toBe(version);
    await t.app.db.updateTable('residences').set({ door_code: null }).where('id', '=', residenceId).execute();
  });

  it('answers requests that come together each for itself: 200, 404, 403 and a fresh version', async () => {
    const foreign = (
      await sql<{ id: string }>`select d.id from departments d
        where d.organization_id <> (select organization_id from departments where id = ${departmentId})
        limit 1`.execute(t.app.db)
    ).rows[0]!.id;
    const get = (id: string) => t.app.inject({ url: url(id), headers: bearer(token) });
    const unknown = '00000000-0000-4000-8000-00000000dead';
    // Sent at once, the version reads of these share queries (db/batched-lookup.ts).
    const answers = await Promise.all([
      get(departmentId),
      get(unknown),
      get(foreign),
      get(otherDepartmentId.toUpperCase()),
      get(departmentId),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 404, 403, 200, 200]);
    expect(answers[0]!.headers.etag).toBe(answers[4]!.headers.etag);
    // A write right before a read is in the read, however many reads are on their way.
    const before = answers[0]!.headers.etag;
    await sql`update residences set door_code = 'x' || coalesce(door_code, '')
      where id = ${await freeResidence()}`.execute(t.app.db);
    const after = await Promise.all([get(departmentId), get(otherDepartmentId), get(departmentId)]);
    expect(after.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(after[0]!.headers.etag).not.toBe(before);
    expect(after[2]!.headers.etag).toBe(after[0]!.headers.etag);
  });

  it('refuses a department at once when it moves to another organization, and 404 once it is gone', async () => {
    const id = '5e1d0000-0000-4000-8000-00000000beef';
    const orgOf = (dep: string) =>
      sql<{ organization_id: string }>`select organization_id from departments where id = ${dep}`;
    const mine = (await orgOf(departmentId).execute(t.app.db)).rows[0]!.organization_id;
    const other = (
      await sql<{ id: string }>`select id from organizations where id <> ${mine} limit 1`.execute(t.app.db)
    ).rows[0]!.id;
    await sql`insert into departments (id, organization_id, name, town)
      values (${id}, ${mine}, 'Afd. 99 Prøven', 'Aarhus')`.execute(t.app.db);
    const status = async () => (await t.app.inject({ url: url(id), headers: bearer(token) })).statusCode;
    try {
      expect(await status()).toBe(200);
      expect(await status()).toBe(200);
      await sql`update departments set organization_id = ${other} where id = ${id}`.execute(t.app.db);
      expect(await status()).toBe(403);
      await sql`update departments set organization_id = ${mine} where id = ${id}`.execute(t.app.db);
      expect(await status()).toBe(200);
    } finally {
      await sql`delete from departments where id = ${id}`.execute(t.app.db);
    }
    expect(await status()).toBe(404);
  });

  it('answers a current ETag with 304, and a changed list with 200 and a new tag', async () => {
    const headers = { 'accept-encoding': 'br, gzip' };
    const first = await t.app.inject({ url: url(departmentId), headers: { ...bearer(token), ...headers } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers['set-authorization']).toEqual(expect.any(String));
    const etag = String(first.headers.etag);
    const again = await t.app.inject({
      url: url(departmentId),
      headers: { ...bearer(token), ...headers, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await t.app.inject({
      url: `/api/v2/assessment/createnewassessment?propertyId=${await freeResidence()}`,
      headers: bearer(token),
    });
    const changed = await t.app.inject({
      url: url(departmentId),
      headers: { ...bearer(token), ...headers, 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('sends the same rows in brotli, gzip and plain', async () => {
    const plain = await t.app.inject({ url: url(departmentId), headers: bearer(token) });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    const br = await t.app.inject({
      url: url(departmentId),
      headers: { ...bearer(token), 'accept-encoding': 'br' },
    });
    const gz = await t.app.inject({
      url: url(departmentId),
      headers: { ...bearer(token), 'accept-encoding': 'gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
    expect(plain.json<Dto.PropertyRow[]>().length).toBeGreaterThan(0);
  });
});

describe('createJsonListCache', () => {
  const json = (n: number) => JSON.stringify(Array.from({ length: n }, (_, i) => ({ i })));

  it('builds a version once, also for requests that miss at the same time', async () => {
    const cache = createJsonListCache(DEPARTMENT_LIST_CACHE_BYTES);
    let builds = 0;
    const build = async () => {
      builds++;
      return json(3);
    };
    const [a, b] = await Promise.all([cache.get('d', '1', build), cache.get('d', '1', build)]);
    expect(builds).toBe(1);
    expect(a).toBe(b);
    expect(await cache.get('d', '1', build)).toBe(a);
    expect(builds).toBe(1);
    const next = await cache.get('d', '2', build);
    expect(builds).toBe(2);
    expect(next).not.toBe(a);
    expect(next.representations.identity.bytes.toString('utf8')).toBe(json(3));
  });

  it('does not keep a failed build', async () => {
    const cache = createJsonListCache(DEPARTMENT_LIST_CACHE_BYTES);
    await expect(cache.get('d', '1', () => Promise.reject(new Error('database away')))).rejects.toThrow(
      'database away',
    );
    expect(cache.bytes()).toBe(0);
    const body = await cache.get('d', '1', async () => json(1));
    expect(body.representations.identity.bytes.toString('utf8')).toBe(json(1));
  });

  it('forgets the least recently read departments beyond its byte limit', async () => {
    const one = await createJsonListCache(DEPARTMENT_LIST_CACHE_BYTES).get('x', '1', async () => json(500));
    const size = Object.values(one.representations).reduce((sum, r) => sum + r.bytes.length, 0);
    const cache = createJsonListCache(size * 2.5);
    const builds: string[] = [];
    const get = (id: string) =>
      cache.get(id, '1', async () => {
        builds.push(id);
        return json(500);
      });
    await get('a');
    await get('b');
    await get('a');
    await get('c');
    // b was read least recently: it went; a and c stay.
    expect(cache.bytes()).toBeLessThanOrEqual(size * 2.5);
    await get('a');
    await get('c');
    expect(builds).toEqual(['a', 'b', 'c']);
    await get('b');
    expect(builds).toEqual(['a', 'b', 'c', 'b']);
  });
});
