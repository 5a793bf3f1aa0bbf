import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Dto from '../../shared/contract/dto';
import { HANDICAP_TYPES } from '../../shared/rules/handicaps';
import { keepMissingLevels, levelsOf } from '../../server/src/domain/overview-levels';
import { assessmentRowVersion } from '../../server/src/domain/progress-cache';
import { copenhagenDate } from '../../server/src/jobs/dates';
import { runWorkerOnce } from '../../server/src/jobs/worker';
import {
  bearer,
  DATABASES,
  demoToken,
  organizationsOf,
  residencesWithoutAssessment,
  startTestApp,
  type TestApp,
} from './helpers';

/**
 * The overview's levels are kept before it asks (server/src/domain/overview-levels.ts): an
 * approval keeps its assessment's levels in its own transaction, and after a start the
 * background scores every approval whose levels are not kept for its current version.
 */
describe.each(DATABASES)('the levels kept for the overview on $name', ({ admin }) => {
  let t: TestApp;
  let token: string;
  let ownOrg: string;

  /** Approved assessments without levels kept for their current version. */
  const missing = async () =>
    (
      await t.app.db
        .selectFrom('assessments as a')
        .leftJoin('assessment_levels as l', 'l.assessment_id', 'a.id')
        .select('a.id')
        .where('a.status', '=', 'approved')
        .where((eb) => eb.or([eb('l.version', 'is', null), eb('l.version', '!=', assessmentRowVersion)]))
        .execute()
    ).map((row) => row.id);
  const kept = (id: string) =>
    t.app.db
      .selectFrom('assessment_levels')
      .select(['version', 'levels'])
      .where('assessment_id', '=', id)
      .executeTakeFirst();
  const versionOf = async (id: string) =>
    (
      await t.app.db
        .selectFrom('assessments as a')
        .select(assessmentRowVersion.as('version'))
        .where('a.id', '=', id)
        .executeTakeFirstOrThrow()
    ).version;

  beforeAll(async () => {
    // No worker: the test runs the background's scoring and the job itself.
    t = await startTestApp(admin, { JOB_WORKER: 'false' });
    token = await demoToken(t.app, 'skriver');
    ownOrg = (await organizationsOf(t.app.db, 'skriver'))[0]!;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('scores every approval the database keeps no levels for, and stops when asked', async () => {
    // The seed keeps the levels of its approvals.
    expect(await missing()).toEqual([]);
    // A database from before migration 0018, and a row kept for an older version.
    const [stale, ...rest] = (
      await t.app.db.selectFrom('assessment_levels').select('assessment_id').execute()
    ).map((row) => row.assessment_id);
    await t.app.db.deleteFrom('assessment_levels').where('assessment_id', 'in', rest).execute();
    await t.app.db
      .updateTable('assessment_levels')
      .set({ version: 'an older version' })
      .where('assessment_id', '=', stale!)
      .execute();
    const before = await missing();
    expect(before.length).toBe(rest.length + 1);
    expect(before.length).toBeGreaterThan(10);
    expect(await keepMissingLevels(t.app.db, () => true)).toBe(0);
    expect(await missing()).toEqual(before);

    expect(await keepMissingLevels(t.app.db, () => false)).toBe(before.length);
    expect(await missing()).toEqual([]);
    const one = await kept(stale!);
    expect(one!.levels).toHaveLength(HANDICAP_TYPES.length);
    expect(one!.version).toBe(await versionOf(stale!));
    // Nothing left: a second start scores nothing.
    expect(await keepMissingLevels(t.app.db, () => false)).toBe(0);
  });

  it('keeps the levels of an assessment as a job approves it', async () => {
    const source = await t.app.db
      .selectFrom('assessments')
      .select('id')
      .where('organization_id', '=', ownOrg)
      .where('status', '=', 'approved')
      .where('is_calculated', '=', true)
      .executeTakeFirstOrThrow();
    const [residence] = await residencesWithoutAssessment(t.app.db, ownOrg, { limit: 1 });
    const copy = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v2/assessment/createnewassessment?propertyId=${residence}&sourceAssessmentIdToCopyFrom=${source.id}`,
        headers: bearer(token),
      })
    ).json<string>();
    expect(await kept(copy)).toBeUndefined();
    const queued = await t.app.inject({
      method: 'POST',
      url: '/api/v2/assessment/finishassessments',
      headers: bearer(token),
      payload: {
        assessmentsToFinish: [
          { assessmentId: copy, propertyId: residence, validFrom: copenhagenDate(new Date()) },
        ],
        isFakeJob: false,
      },
    });
    expect(queued.json<Dto.JobCreated>().jobId).toBeTruthy();
    await runWorkerOnce(t.app.db);

    const levels = await kept(copy);
    expect(levels?.version).toBe(await versionOf(copy));
    // The levels a fresh scoring gives: the same as the source's, whose answers were copied.
    await t.app.db.deleteFrom('assessment_levels').where('assessment_id', '=', copy).execute();
    const scored = await levelsOf(t.app.db.withoutPlugins(), [copy]);
    expect(levels!.levels).toEqual(scored.get(copy));
    expect(await missing()).toEqual([]);
  });
});
