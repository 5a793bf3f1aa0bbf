import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Dto from '../../shared/contract/dto';
import type { OrganizationOverview } from '../../shared/contract/overview';
import { applyDuplicateRule } from '../../shared/rules/duplicate-rule';
import { HANDICAP_TYPES } from '../../shared/rules/handicaps';
import { DISPLAY_STATUSES, displayStatus } from '../../shared/rules/statuses';
import { departmentVersions, organizationOverview } from '../../server/src/domain/overview';
import { bearer, DATABASES, demoToken, organizationsOf, startTestApp, type TestApp } from './helpers';

/**
 * GET /api/v2/ext/overview (docs/api.md "Extensions"): each figure agrees with the department
 * list it stands for and with the scores of the residences it counts, it follows a change at
 * once, and only members read it.
 */
describe.each(DATABASES)('the organization overview on $name', ({ admin }) => {
  let t: TestApp;
  let token: string;
  let ownOrg: string;

  beforeAll(async () => {
    t = await startTestApp(admin);
    token = await demoToken(t.app, 'skriver');
    ownOrg = (await organizationsOf(t.app.db, 'skriver'))[0]!;
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...headers } });
  const overview = async () => {
    const response = await get(`/api/v2/ext/overview?organizationId=${ownOrg}`);
    expect(response.statusCode).toBe(200);
    return response.json<OrganizationOverview>();
  };
  const departmentList = async (departmentId: string) =>
    (await get(`/api/v2/properties/propertiesbydepartment?locationId=${departmentId}`)).json<
      Dto.PropertyRow[]
    >();

  it('counts each residence once, by the status its department list shows', async () => {
    const result = await overview();
    const departments = (await get(`/api/v2/properties/availabledepartments?organizationId=${ownOrg}`)).json<
      Dto.Department[]
    >();
    expect(result.departments.map((d) => d.departmentName)).toEqual(departments.map((d) => d.departmentName));
    for (const department of result.departments) {
      const listed = departments.find((d) => d.departmentId === department.departmentId)!;
      expect(department.residences).toBe(listed.propertiesCount);
      const shown = applyDuplicateRule(await departmentList(department.departmentId));
      const expected = Object.fromEntries(DISPLAY_STATUSES.map((s) => [s, 0]));
      for (const row of shown)
        expected[displayStatus(row.assessmentStatus, row.isCalculated, row.futureApprovedDate)]!++;
      expect(department.statuses).toEqual(expected);
      expect(department.assessedShare).toBeCloseTo(
        (expected.approved! + expected.approvedFuture!) / listed.propertiesCount,
        10,
      );
      expect(department.laterApprovals.reduce((sum, day) => sum + day.count, 0)).toBe(
        expected.approvedFuture,
      );
    }
    // The demo data has every kind somewhere: the test would prove little on zeros.
    const total = (status: (typeof DISPLAY_STATUSES)[number]) =>
      result.departments.reduce((sum, d) => sum + d.statuses[status], 0);
    for (const status of ['notStarted', 'draft', 'calculated', 'approved'] as const)
      expect(total(status), status).toBeGreaterThan(0);
  });

  it("counts the groups of the approved residences as each one's scores say", async () => {
    const result = await overview();
    // The smallest department with approvals in effect: its residences' scores one by one.
    const department = result.departments
      .filter((d) => d.statuses.approved > 0)
      .sort((a, b) => a.residences - b.residences)[0]!;
    const shown = applyDuplicateRule(await departmentList(department.departmentId)).filter(
      (row) => displayStatus(row.assessmentStatus, row.isCalculated, row.futureApprovedDate) === 'approved',
    );
    const expected = new Map<
      string,
      { suitable: number; partly: number; unsuitable: number; notAssessed: number }
    >();
    for (const group of department.suitability)
      expected.set(group.handicapTypeId, { suitable: 0, partly: 0, unsuitable: 0, notAssessed: 0 });
    for (const row of shown) {
      const scores = (
        await get(`/api/v2/assessment/getassessmentscores?assessmentId=${row.assessmentId}`)
      ).json<Dto.HandicapScore[]>();
      for (const [type, counts] of expected) {
        const text = scores.find((s) => s.handicapTypeId === type)?.scoreText ?? '';
        if (text.startsWith('Egnet')) counts.suitable++;
        else if (text.startsWith('Delvist egnet')) counts.partly++;
        else if (text.startsWith('Ikke egnet (')) counts.unsuitable++;
        else counts.notAssessed++;
      }
    }
    expect(department.suitability.map(({ handicapTypeId, ...counts }) => [handicapTypeId, counts])).toEqual([
      ...expected,
    ]);
    expect(department.suitability.some((g) => g.suitable > 0)).toBe(true);
  });

  it('follows an approval at once and answers 304 while nothing changed', async () => {
    const first = await get(`/api/v2/ext/overview?organizationId=${ownOrg}`);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await get(`/api/v2/ext/overview?organizationId=${ownOrg}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);

    const before = first.json<OrganizationOverview>();
    const draft = await t.app.db
      .selectFrom('assessments as a')
      .innerJoin('residences as r', 'r.id', 'a.residence_id')
      .select(['a.id', 'r.department_id'])
      .where('a.organization_id', '=', ownOrg)
      .where('a.status', '=', 'draft')
      .where('a.is_calculated', '=', true)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('assessments as b')
              .select('b.id')
              .whereRef('b.residence_id', '=', 'a.residence_id')
              .whereRef('b.id', '!=', 'a.id')
              .where('b.status', '!=', 'cancelled'),
          ),
        ),
      )
      .executeTakeFirstOrThrow();
    await t.app.db
      .updateTable('assessments')
      .set({ status: 'approved' })
      .where('id', '=', draft.id)
      .execute();

    const changed = await get(`/api/v2/ext/overview?organizationId=${ownOrg}`, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    const after = changed.json<OrganizationOverview>();
    const was = before.departments.find((d) => d.departmentId === draft.department_id)!;
    const is = after.departments.find((d) => d.departmentId === draft.department_id)!;
    expect(is.statuses.calculated).toBe(was.statuses.calculated - 1);
    expect(is.statuses.approved).toBe(was.statuses.approved + 1);
    // The other departments are the same figures (kept, not built again).
    expect(after.departments.filter((d) => d !== is)).toEqual(
      before.departments.filter((d) => d.departmentId !== draft.department_id),
    );
  });

  it('keeps the levels it scored in the database, reads them in a new process, and scores a changed one again', async () => {
    const result = await overview();
    const approvals = result.departments.reduce((sum, d) => sum + d.statuses.approved, 0);
    const kept = await t.app.db
      .selectFrom('assessment_levels')
      .select(['assessment_id', 'version', 'levels'])
      .execute();
    expect(kept.length).toBeGreaterThanOrEqual(approvals);
    expect(kept.every((k) => k.levels.length === HANDICAP_TYPES.length)).toBe(true);

    // A process that has not scored anything: the same Kysely connection under a new instance.
    const fresh = async () => {
      const db = t.app.db.withoutPlugins();
      return organizationOverview(db, ownOrg, await departmentVersions(db, ownOrg));
    };
    expect((await fresh()).departments).toEqual(result.departments);

    // What the database keeps is what a new process counts: marked all suitable, counted so.
    const department = result.departments.find((d) => d.statuses.approved > 0)!;
    const inEffect = applyDuplicateRule(await departmentList(department.departmentId)).find(
      (row) => displayStatus(row.assessmentStatus, row.isCalculated, row.futureApprovedDate) === 'approved',
    )!;
    const own = kept.find((k) => k.assessment_id === inEffect.assessmentId)!;
    await t.app.db
      .updateTable('assessment_levels')
      .set({ levels: HANDICAP_TYPES.map(() => 'suitable') })
      .where('assessment_id', '=', own.assessment_id)
      .execute();
    const marked = (await fresh()).departments.find((d) => d.departmentId === department.departmentId)!;
    const wasSuitable = own.levels.filter((l) => l === 'suitable').length;
    expect(marked.suitability.reduce((sum, g) => sum + g.suitable, 0)).toBe(
      department.suitability.reduce((sum, g) => sum + g.suitable, 0) + HANDICAP_TYPES.length - wasSuitable,
    );
    // Kept for another version of the row: scored again and kept anew.
    await t.app.db
      .updateTable('assessment_levels')
      .set({ version: 'an older version' })
      .where('assessment_id', '=', own.assessment_id)
      .execute();
    expect((await fresh()).departments).toEqual(result.departments);
    const again = await t.app.db
      .selectFrom('assessment_levels')
      .select(['version', 'levels'])
      .where('assessment_id', '=', own.assessment_id)
      .executeTakeFirstOrThrow();
    expect(again).toEqual({ version: own.version, levels: own.levels });
  });

  it('goes out compressed when asked', async () => {
    const response = await get(`/api/v2/ext/overview?organizationId=${ownOrg}`, { 'accept-encoding': 'br' });
    expect(response.headers['content-encoding']).toBe('br');
    const body = JSON.parse(
      brotliDecompressSync(response.rawPayload).toString('utf8'),
    ) as OrganizationOverview;
    expect(body.organizationId).toBe(ownOrg);
  });

  it('is for members only, and a malformed id is a 400', async () => {
    const other = await t.app.db
      .selectFrom('organizations')
      .select('id')
      .where('id', 'not in', await organizationsOf(t.app.db, 'skriver'))
      .executeTakeFirstOrThrow();
    expect((await get(`/api/v2/ext/overview?organizationId=${other.id}`)).statusCode).toBe(403);
    const malformed = await get('/api/v2/ext/overview?organizationId=not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toHaveProperty('message');
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/v2/ext/overview?organizationId=${ownOrg}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('is announced in staticcontent', async () => {
    const content = (await get('/api/v2/staticcontent')).json<{ extensions?: string[] }>();
    expect(content.extensions).toEqual(['overview', 'history', 'export', 'photos']);
  });
});
