import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Dto from '../../shared/contract/dto';
import type { AssessmentHistory, HistoryEvent } from '../../shared/contract/history';
import { createMigrator, migrateToLatest } from '../../server/src/db/migrate';
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

const USERS = ['skriver', 'laeser', 'flere'] as const;
type User = (typeof USERS)[number];

/**
 * The history of an assessment (docs/domain.md 5.6, docs/api.md "Extensions"): every change
 * writes its event in its own transaction, answers are counted per user and day, and the
 * history answers who created, changed and approved the assessment, for members only.
 */
describe.each(DATABASES)('the history of an assessment on $name', ({ admin }) => {
  let t: TestApp;
  const tokens = {} as Record<User, string>;
  const names = {} as Record<User, string>;
  let ownOrg: string;
  let source: { id: string; residenceId: string; address: string };
  let free: string[];

  const request = (user: User, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(tokens[user]), payload: payload as never });
  const ok = async <T>(user: User, method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const response = await request(user, method, url, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
  const history = (id: string, user: User = 'skriver') =>
    ok<AssessmentHistory>(user, 'GET', `/api/v2/ext/assessmenthistory?assessmentId=${id}`);
  const kinds = (h: AssessmentHistory) => h.events.map((e) => e.kind);
  const create = (residence: string, sourceId?: string) =>
    ok<string>(
      'skriver',
      'GET',
      `/api/v2/assessment/createnewassessment?propertyId=${residence}${sourceId ? `&sourceAssessmentIdToCopyFrom=${sourceId}` : ''}`,
    );
  const answer = (assessmentId: string, body: Record<string, unknown>) =>
    ok('skriver', 'POST', '/api/v2/sync/syncanswer', { assessmentId, ...body });
  const row = (id: string) =>
    t.app.db.selectFrom('assessments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const work = () => runWorkerOnce(t.app.db, { jobEvents: t.app.jobEvents });

  beforeAll(async () => {
    t = await startTestApp(admin, { JOB_WORKER: 'false' });
    for (const user of USERS) {
      tokens[user] = await demoToken(t.app, user);
      names[user] = (
        await t.app.db
          .selectFrom('users')
          .select('display_name')
          .where('user_name', '=', user)
          .executeTakeFirstOrThrow()
      ).display_name;
    }
    ownOrg = (await organizationsOf(t.app.db, 'skriver'))[0]!;
    const approved = await t.app.db
      .selectFrom('assessments as a')
      .innerJoin('residences as r', 'r.id', 'a.residence_id')
      .select(['a.id', 'a.residence_id', 'r.street_name', 'r.street_number'])
      .where('a.organization_id', '=', ownOrg)
      .where('a.status', '=', 'approved')
      .where('a.future_approved_date', 'is', null)
      .where('a.converted', '=', false)
      .where('a.is_calculated', '=', true)
      .orderBy('a.id')
      .executeTakeFirstOrThrow();
    source = {
      id: approved.id,
      residenceId: approved.residence_id,
      address: `${approved.street_name} ${approved.street_number}`,
    };
    free = await residencesWithoutAssessment(t.app.db, ownOrg, { limit: 4 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives the seeded rows what they imply: created by the seed user, approved by them when approved', async () => {
    const h = await history(source.id);
    expect(h.createdBy).toBe(names.skriver);
    expect(h.changedBy).toBe(names.skriver);
    expect(h.approvedBy).toBe(names.skriver);
    expect(kinds(h)).toEqual([expect.stringMatching(/^(created|copied|unlocked)$/), 'approved']);
    expect(h.events[1]).toMatchObject({ by: names.skriver, byJob: false, validFrom: expect.any(String) });
  });

  it('records a create, the answers as one count per day, and the moment it is calculated', async () => {
    const id = await create(free[0]!);
    expect(kinds(await history(id))).toEqual(['created']);
    // Three answers, one of them twice: one row that counts four.
    await answer(id, { questionUniqueId: 'S02', values: ['S02-b'] });
    await answer(id, { questionUniqueId: 'S02', values: ['S02-a'] });
    await answer(id, { questionUniqueId: 'S05', numericValue: 90 });
    await answer(id, { questionUniqueId: 'S09', values: [], comment: 'Målt' });
    const h = await history(id);
    expect(kinds(h)).toEqual(['created', 'answered']);
    expect(h.events[1]).toMatchObject<Partial<HistoryEvent>>({
      by: names.skriver,
      count: 4,
      day: copenhagenDate(new Date()),
      byJob: false,
    });
    expect(h.changedBy).toBe(names.skriver);
    expect(h.approvedBy).toBeNull();
    // An answer that waited offline since yesterday counts on the day it was given.
    const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000);
    await answer(id, { questionUniqueId: 'S03', values: ['S03-a'], answeredAt: yesterday.toISOString() });
    const later = await history(id);
    expect(later.events.filter((e) => e.kind === 'answered').map((e) => [e.day, e.count])).toEqual([
      [copenhagenDate(yesterday), 1],
      [copenhagenDate(new Date()), 4],
    ]);

    // A calculated copy loses a required screening answer, then gets it back: calculated again, once.
    const copy = await create(free[1]!, source.id);
    const answers = await t.app.db
      .selectFrom('answers as a')
      .innerJoin('questions as q', 'q.unique_id', 'a.question_unique_id')
      .select(['a.question_unique_id', 'a.values', 'a.numeric_value', 'q.type'])
      .where('a.assessment_id', '=', copy)
      .where('q.is_optional', '=', false)
      .where('q.kind', '=', 'screening')
      .where('a.comment', 'is', null)
      .orderBy('q.position')
      .execute();
    const required = answers.find((a) => a.type !== 'numeric')!;
    await answer(copy, { questionUniqueId: required.question_unique_id, values: [] });
    expect((await row(copy)).is_calculated).toBe(false);
    await answer(copy, { questionUniqueId: required.question_unique_id, values: required.values });
    expect((await row(copy)).is_calculated).toBe(true);
    const copied = await history(copy);
    expect(kinds(copied)).toEqual(['copied', 'answered', 'calculated']);
    expect(copied.events[0]).toMatchObject({
      sourceAssessmentId: source.id,
      sourceAddress: expect.stringContaining(source.address),
      byJob: false,
    });
    expect(copied.events[1]!.count).toBe(2);
  });

  it('records an unlock, an approval by a job and a deletion, and still reads a deleted one', async () => {
    // Unlocking: a copy of the residence's own approved assessment.
    const unlocked = await create(source.residenceId, source.id);
    expect(kinds(await history(unlocked))).toEqual(['unlocked']);

    const copy = await create(free[2]!, source.id);
    const today = copenhagenDate(new Date());
    await ok<Dto.JobCreated>('skriver', 'POST', '/api/v2/assessment/finishassessments', {
      assessmentsToFinish: [{ assessmentId: copy, propertyId: free[2], validFrom: today }],
      isFakeJob: false,
    });
    await work();
    const approved = await history(copy);
    expect(kinds(approved)).toEqual(['copied', 'approved']);
    expect(approved.events[1]).toMatchObject({ by: names.skriver, byJob: true });
    expect(copenhagenDate(new Date(approved.events[1]!.validFrom!))).toBe(today);
    expect(approved.approvedBy).toBe(names.skriver);
    expect((await row(copy)).approved_by).not.toBeNull();

    await ok(
      'skriver',
      'POST',
      `/api/v2/assessment/abandonassessment?assessmentId=${unlocked}&propertyId=${source.residenceId}`,
    );
    const deleted = await history(unlocked);
    expect(kinds(deleted)).toEqual(['unlocked', 'deleted']);
    expect(deleted.events[1]).toMatchObject({ by: names.skriver, byJob: false });
  });

  it('records a copy job: copied by the job on the target, replaced on the draft it overwrote', async () => {
    const draft = await create(free[3]!);
    const { jobId } = await ok<Dto.JobCreated>('skriver', 'POST', '/api/v2/assessment/copyassessments', {
      propertyIds: [free[3]],
      sourceAssessmentIdToCopyFrom: source.id,
      isFakeJob: false,
    });
    await work();
    const state = await ok<Dto.JobState>('skriver', 'GET', `/api/v2/jobs/${jobId}`);
    expect(state.status).toBe('succeeded');
    expect(kinds(await history(draft))).toEqual(['created', 'replaced']);
    expect((await history(draft)).events[1]).toMatchObject({ by: names.skriver, byJob: true });
    const target = await t.app.db
      .selectFrom('assessments')
      .select('id')
      .where('residence_id', '=', free[3]!)
      .where('status', '=', 'draft')
      .executeTakeFirstOrThrow();
    const copied = await history(target.id);
    expect(kinds(copied)).toEqual(['copied']);
    expect(copied.events[0]).toMatchObject({ byJob: true, sourceAssessmentId: source.id });
  });

  it('answers members only: a reader reads it, another organization is refused, an unknown id is 404', async () => {
    expect((await history(source.id, 'laeser')).assessmentId).toBe(source.id);
    const foreign = await t.app.db
      .selectFrom('assessments')
      .select('id')
      .where('organization_id', 'not in', await organizationsOf(t.app.db, 'skriver'))
      .executeTakeFirstOrThrow();
    expect(
      (await request('skriver', 'GET', `/api/v2/ext/assessmenthistory?assessmentId=${foreign.id}`))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await request(
          'skriver',
          'GET',
          '/api/v2/ext/assessmenthistory?assessmentId=00000000-0000-4000-8000-0000ffffffff',
        )
      ).statusCode,
    ).toBe(404);
    const bad = await request('skriver', 'GET', '/api/v2/ext/assessmenthistory?assessmentId=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'BAD_REQUEST' });
  });

  // Last: the way down drops the history the tests above wrote.
  it('gives rows that existed before migration 0017 their creator as changer and approver, and their events', async () => {
    expect((await createMigrator(t.app.db).migrateTo('0016-help-images')).error).toBeUndefined();
    await migrateToLatest(t.app.db);
    const rows = await t.app.db
      .selectFrom('assessments')
      .select(['id', 'status', 'created_by', 'changed_by', 'approved_by', 'source_assessment_id'])
      .execute();
    for (const r of rows) {
      expect(r.changed_by, r.id).toBe(r.created_by);
      expect(r.approved_by, r.id).toBe(r.status === 'approved' ? r.created_by : null);
    }
    const h = await history(source.id);
    expect(h.approvedBy).toBe(names.skriver);
    expect(kinds(h)).toEqual([expect.stringMatching(/^(created|copied|unlocked)$/), 'approved']);
    const events = await t.app.db
      .selectFrom('assessment_events')
      .select(({ fn }) => fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(events.n)).toBe(rows.length + rows.filter((r) => r.status === 'approved').length);
  });
});
