import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Dto from '../../shared/contract/dto';
import { displayStatus, NO_DATE } from '../../shared/rules/statuses';
import { createDatabase } from '../../server/src/db/client';
import { copenhagenDate, copenhagenMidnight, validFromDate } from '../../server/src/jobs/dates';
import { LeaseLostError } from '../../server/src/jobs/errors';
import { createPgJobEvents, type JobProgressEvent } from '../../server/src/jobs/job-events';
import {
  completeItem,
  DEFAULT_LEASE_MS,
  MAX_ATTEMPTS,
  MAX_FAKE_JOB_ITEMS,
  MAX_JOB_ITEMS,
} from '../../server/src/jobs/queue';
import { pruneFinishedJobs } from '../../server/src/jobs/prune-finished-jobs';
import { runWorkerOnce } from '../../server/src/jobs/worker';
import { forgetUsers } from '../../server/src/auth/user-cache';
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
const UNKNOWN = '00000000-0000-4000-8000-0000ffffffff';
const DAY_MS = 24 * 60 * 60 * 1000;
/** The calendar date `days` after `date` (YYYY-MM-DD). */
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

describe('the date a validFrom means', () => {
  it('takes a date and a date-time with an offset as written, a UTC one in Copenhagen', () => {
    expect(validFromDate('2026-12-01')).toBe('2026-12-01');
    expect(validFromDate('2026-12-01T00:00:00')).toBe('2026-12-01');
    // The app: midnight of the chosen day with the local offset, or the moment of the click.
    expect(validFromDate('2026-11-25T00:00:00+01:00')).toBe('2026-11-25');
    expect(validFromDate('2026-07-01T00:00:00+02:00')).toBe('2026-07-01');
    expect(validFromDate('2026-11-25T23:30:00-05:00')).toBe('2026-11-25');
    expect(validFromDate('2026-11-25T00:30:00+0500')).toBe('2026-11-25');
    // toISOString() of Copenhagen's midnight, in winter and in summer time.
    expect(validFromDate('2026-11-24T23:00:00.000Z')).toBe('2026-11-25');
    expect(validFromDate('2026-06-30T22:00:00.000Z')).toBe('2026-07-01');
    expect(validFromDate('2026-11-24T22:59:59Z')).toBe('2026-11-24');
    expect(validFromDate('2026-11-24T23:00Z')).toBe('2026-11-25');
    for (const bad of [
      '2026-02-30',
      '2026-02-30T00:00:00Z',
      '2026-11-25T24:00:00',
      '2026-11-25T10:60',
      'x',
    ]) {
      expect(validFromDate(bad), bad).toBeNull();
    }
  });
});

describe.each(DATABASES)('jobs on $name', ({ admin }) => {
  let t: TestApp;
  const tokens = {} as Record<User, string>;
  let ownOrg: string;
  /** An approved assessment of ownOrg with every answer: the copy source. */
  let source: { id: string; residenceId: string };
  let foreignAssessment: { id: string; residenceId: string };
  let foreignResidence: string;
  /** Residences of ownOrg without assessments, handed out one by one. */
  let free: string[];
  const takeFree = (n: number) => free.splice(0, n);

  const post = (user: User, url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(tokens[user]), ...headers },
      payload: payload as never,
    });
  const copy = (user: User, body: unknown, headers?: Record<string, string>) =>
    post(user, '/api/v2/assessment/copyassessments', body, headers);
  const finish = (user: User, body: unknown, headers?: Record<string, string>) =>
    post(user, '/api/v2/assessment/finishassessments', body, headers);
  const jobState = async (user: User, jobId: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v2/jobs/${jobId}`,
      headers: bearer(tokens[user]),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Dto.JobState>();
  };
  const jobIdOf = (response: { statusCode: number; body: string; json: <T>() => T }) => {
    expect(response.statusCode, response.body).toBe(200);
    const { jobId } = response.json<Dto.JobCreated>();
    expect(jobId).toMatch(/^[0-9a-f-]{36}$/);
    return jobId;
  };
  const assessmentRow = (id: string) =>
    t.app.db.selectFrom('assessments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const jobCount = async () =>
    Number(
      (
        await t.app.db
          .selectFrom('jobs')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** Runs the worker and collects the progress events it publishes. */
  const work = async (options: Parameters<typeof runWorkerOnce>[1] = {}) => {
    const events: JobProgressEvent[] = [];
    const unsubscribe = t.app.jobEvents.subscribe((e) => events.push(e));
    try {
      const run = await runWorkerOnce(t.app.db, { jobEvents: t.app.jobEvents, ...options });
      return { run, events };
    } finally {
      unsubscribe();
    }
  };
  /** A new draft with every required answer: a copy of the complete source (createnewassessment). */
  const calculatedDraft = async () => {
    const [residence] = takeFree(1);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v2/assessment/createnewassessment?propertyId=${residence}&sourceAssessmentIdToCopyFrom=${source.id}`,
      headers: bearer(tokens.skriver),
    });
    expect(response.statusCode, response.body).toBe(200);
    const id = response.json<string>();
    expect((await assessmentRow(id)).is_calculated).toBe(true);
    return { assessmentId: id, propertyId: residence! };
  };

  beforeAll(async () => {
    t = await startTestApp(admin, { JOB_WORKER: 'false' });
    for (const user of USERS) tokens[user] = await demoToken(t.app, user);
    const db = t.app.db;
    ownOrg = (await organizationsOf(db, 'skriver'))[0]!;
    const otherOrg = (await organizationsOf(db, 'flere')).find((id) => id !== ownOrg)!;
    const approvedOf = async (org: string) => {
      const row = await db
        .selectFrom('assessments')
        .select(['id', 'residence_id'])
        .where('organization_id', '=', org)
        .where('status', '=', 'approved')
        .where('future_approved_date', 'is', null)
        .where('converted', '=', false)
        .where('is_calculated', '=', true)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      return { id: row.id, residenceId: row.residence_id };
    };
    source = await approvedOf(ownOrg);
    foreignAssessment = await approvedOf(otherOrg);
    foreignResidence = foreignAssessment.residenceId;
    free = await residencesWithoutAssessment(db, ownOrg, { limit: 75 });
    expect(free.length).toBe(75);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('copies an assessment to residences: answers preselected, one event per item, the state readable', async () => {
    const targets = takeFree(3);
    const jobId = jobIdOf(
      await copy('skriver', {
        propertyIds: targets,
        sourceAssessmentIdToCopyFrom: source.id,
        isFakeJob: false,
      }),
    );
    expect(await jobState('skriver', jobId)).toMatchObject({
      jobId,
      kind: 'copy',
      status: 'queued',
      currentCount: 0,
      maxCount: 3,
      errorCount: 0,
    });

    const { run, events } = await work();
    expect(run).toEqual({ jobs: 1, items: 3 });
    expect(events.map((e) => [e.kind, e.jobId, e.payload.currentCount, e.payload.maxCount])).toEqual([
      ['copy', jobId, 1, 3],
      ['copy', jobId, 2, 3],
      ['copy', jobId, 3, 3],
    ]);
    const payloads = events.map((e) => e.payload as Dto.CopyProgressMessage);
    expect(payloads.map((p) => p.propertyId)).toEqual(targets);
    expect(payloads.every((p) => p.error === null && p.newAssessmentId !== null)).toBe(true);

    const state = await jobState('skriver', jobId);
    expect(state).toMatchObject({
      status: 'succeeded',
      currentCount: 3,
      maxCount: 3,
      errorCount: 0,
      failedItems: [],
    });
    expect(state.copied).toEqual(
      payloads.map((p) => ({ propertyId: p.propertyId, newAssessmentId: p.newAssessmentId })),
    );
    const sourceAnswers = await t.app.db
      .selectFrom('answers')
      .select('question_unique_id')
      .where('assessment_id', '=', source.id)
      .execute();
    for (const { propertyId, newAssessmentId } of state.copied) {
      const row = await assessmentRow(newAssessmentId);
      expect(row).toMatchObject({
        residence_id: propertyId,
        status: 'draft',
        source_assessment_id: source.id,
        is_calculated: true,
      });
      const answers = await t.app.db
        .selectFrom('answers')
        .select(['preselected'])
        .where('assessment_id', '=', newAssessmentId)
        .execute();
      expect(answers.length).toBe(sourceAnswers.length);
      expect(answers.every((a) => a.preselected)).toBe(true);
    }
    // Nothing is left to do: a rerun does nothing.
    expect((await work()).run).toEqual({ jobs: 0, items: 0 });
  });

  it('approves from today as approved and from a later date as approved with futureApprovedDate', async () => {
    const today = await calculatedDraft();
    const later = await calculatedDraft();
    const todayDate = copenhagenDate(new Date());
    const laterDate = copenhagenDate(new Date(Date.now() + 30 * DAY_MS));
    const jobId = jobIdOf(
      await finish('skriver', {
        assessmentsToFinish: [
          // As the app sends it: the moment of the click with the local offset.
          { ...today, validFrom: `${todayDate}T10:15:00+01:00` },
          { ...later, validFrom: `${laterDate}T00:00:00` },
        ],
        isFakeJob: false,
      }),
    );
    const { events } = await work();
    expect(events.map((e) => e.payload)).toEqual([
      { currentCount: 1, maxCount: 2, error: null },
      { currentCount: 2, maxCount: 2, error: null },
    ]);
    expect(events.every((e) => e.kind === 'finish' && e.userId !== '')).toBe(true);
    expect(await jobState('skriver', jobId)).toMatchObject({
      status: 'succeeded',
      currentCount: 2,
      copied: [],
    });

    const now = await assessmentRow(today.assessmentId);
    expect(now.status).toBe('approved');
    expect(new Date(now.valid_from!).getTime()).toBe(copenhagenMidnight(todayDate).getTime());
    expect(now.future_approved_date).toBeNull();
    const future = await assessmentRow(later.assessmentId);
    expect(future.status).toBe('approved');
    expect(new Date(future.future_approved_date!).getTime()).toBe(copenhagenMidnight(laterDate).getTime());

    // The reads show them as the client expects: approved, and approved from a later date.
    const located = await post('skriver', '/api/v2/assessment/getlocatedassessments', [today, later]);
    const entries = located.json<Dto.AssessmentListEntry[]>();
    expect(entries[0]!.futureApprovedDate).toBe(NO_DATE);
    expect(
      displayStatus(entries[0]!.assessmentStatus, entries[0]!.isCalculated, entries[0]!.futureApprovedDate),
    ).toBe('approved');
    expect(
      displayStatus(entries[1]!.assessmentStatus, entries[1]!.isCalculated, entries[1]!.futureApprovedDate),
    ).toBe('approvedFuture');
    expect(entries[0]!.validFrom).toBe(copenhagenMidnight(todayDate).toISOString());
  });

  it('refuses a validFrom before today (in Copenhagen) with 400 and queues nothing', async () => {
    const draft = await calculatedDraft();
    const today = copenhagenDate(new Date());
    const yesterday = addDays(today, -1);
    const jobsBefore = await jobCount();
    for (const validFrom of [
      yesterday,
      `${yesterday}T23:59:00+01:00`,
      // Copenhagen's midnight of yesterday as toISOString() writes it.
      copenhagenMidnight(yesterday).toISOString(),
      '2020-01-01',
    ]) {
      const response = await finish('skriver', { assessmentsToFinish: [{ ...draft, validFrom }] });
      expect(response.statusCode, validFrom).toBe(400);
      expect(response.json()).toEqual({
        code: 'BAD_REQUEST',
        message: `validFrom ${validFrom} is before today (${today} in Copenhagen): an approval starts today at the earliest`,
      });
    }
    expect(await jobCount()).toBe(jobsBefore);
    expect((await assessmentRow(draft.assessmentId)).status).toBe('draft');
  });

  it('reads a UTC validFrom as its date in Copenhagen, and one with an offset as written', async () => {
    const todayZ = await calculatedDraft();
    const laterZ = await calculatedDraft();
    const laterOffset = await calculatedDraft();
    const today = copenhagenDate(new Date());
    const later = addDays(today, 20);
    const jobId = jobIdOf(
      await finish('skriver', {
        assessmentsToFinish: [
          // Copenhagen's midnight as toISOString() writes it: the day before in UTC.
          { ...todayZ, validFrom: copenhagenMidnight(today).toISOString() },
          { ...laterZ, validFrom: copenhagenMidnight(later).toISOString() },
          // The app's local offset: the date as written, even where Copenhagen is at the day before.
          { ...laterOffset, validFrom: `${later}T00:30:00+05:00` },
        ],
      }),
    );
    await work();
    expect(await jobState('skriver', jobId)).toMatchObject({ status: 'succeeded', errorCount: 0 });
    const now = await assessmentRow(todayZ.assessmentId);
    expect(now.status).toBe('approved');
    expect(new Date(now.valid_from!).getTime()).toBe(copenhagenMidnight(today).getTime());
    expect(now.future_approved_date).toBeNull();
    for (const { assessmentId } of [laterZ, laterOffset]) {
      const row = await assessmentRow(assessmentId);
      expect(row.status).toBe('approved');
      expect(new Date(row.future_approved_date!).getTime()).toBe(copenhagenMidnight(later).getTime());
      expect(new Date(row.valid_from!).getTime()).toBe(copenhagenMidnight(later).getTime());
    }
  });

  it('counts an item that cannot be done any more as failed, with its reason in Danish', async () => {
    const gone = await calculatedDraft();
    const fine = await calculatedDraft();
    const jobId = jobIdOf(
      await finish('skriver', {
        assessmentsToFinish: [
          { ...gone, validFrom: copenhagenDate(new Date()) },
          { ...fine, validFrom: copenhagenDate(new Date()) },
        ],
      }),
    );
    // Abandoned after it was queued.
    const abandoned = await post(
      'skriver',
      `/api/v2/assessment/abandonassessment?assessmentId=${gone.assessmentId}&propertyId=${gone.propertyId}`,
      undefined,
    );
    expect(abandoned.statusCode).toBe(200);
    const { events } = await work();
    expect(events.map((e) => e.payload)).toEqual([
      { currentCount: 1, maxCount: 2, error: { message: 'Vurderingen findes ikke længere.' } },
      { currentCount: 2, maxCount: 2, error: null },
    ]);
    const state = await jobState('skriver', jobId);
    expect(state).toMatchObject({ status: 'partlyFailed', currentCount: 2, maxCount: 2, errorCount: 1 });
    expect(state.failedItems).toEqual([
      { ...gone, code: 'ASSESSMENT_NOT_FOUND', message: 'Vurderingen findes ikke længere.' },
    ]);
    expect((await assessmentRow(gone.assessmentId)).status).toBe('cancelled');
    expect((await assessmentRow(fine.assessmentId)).status).toBe('approved');
  });

  it('refuses the rest of a job whose user lost the write role or the membership while it waited', async () => {
    const db = t.app.db;
    const skriverId = (
      await db.selectFrom('users').select('id').where('user_name', '=', 'skriver').executeTakeFirstOrThrow()
    ).id;
    const setRole = async (role: string) => {
      await db.updateTable('users').set({ role }).where('id', '=', skriverId).execute();
      forgetUsers(db);
    };
    const membership = { user_id: skriverId, organization_id: ownOrg };

    // A copy of three: the first is done, then the user becomes a reader.
    const targets = takeFree(3);
    const copyJob = jobIdOf(
      await copy('skriver', {
        propertyIds: targets,
        sourceAssessmentIdToCopyFrom: source.id,
        isFakeJob: false,
      }),
    );
    // The worker stops there as if it died; its lease is over at once.
    await work({ maxItems: 1, leaseMs: -60_000 });
    let events: JobProgressEvent[];
    try {
      await setRole('read');
      ({ events } = await work());
    } finally {
      await setRole('write');
    }
    const refusedCopy = {
      code: 'WRITE_ACCESS_LOST',
      message: 'Ikke kopieret: du har ikke længere skriveadgang.',
    };
    expect(events.map((e) => [e.organizationId, e.payload.currentCount, e.payload.error])).toEqual([
      [ownOrg, 3, { message: refusedCopy.message }],
    ]);
    const copyState = await jobState('skriver', copyJob);
    expect(copyState).toMatchObject({ status: 'partlyFailed', currentCount: 3, maxCount: 3, errorCount: 2 });
    expect(copyState.copied.map((c) => c.propertyId)).toEqual([targets[0]]);
    expect(copyState.failedItems).toEqual(
      targets.slice(1).map((propertyId) => ({ propertyId, assessmentId: null, ...refusedCopy })),
    );
    const copies = await db
      .selectFrom('assessments')
      .select('residence_id')
      .where('residence_id', 'in', targets)
      .where('status', '!=', 'cancelled')
      .execute();
    expect(copies.map((c) => c.residence_id)).toEqual([targets[0]]);

    // An approval whose user left the organization before it ran: nothing is approved, and the
    // job is no longer the user's to read (as every other thing of that organization).
    const drafts = [await calculatedDraft(), await calculatedDraft()];
    const finishJob = jobIdOf(
      await finish('skriver', {
        assessmentsToFinish: drafts.map((d) => ({ ...d, validFrom: copenhagenDate(new Date()) })),
      }),
    );
    try {
      await db
        .deleteFrom('memberships')
        .where('user_id', '=', skriverId)
        .where('organization_id', '=', ownOrg)
        .execute();
      forgetUsers(db);
      ({ events } = await work());
      const gone = await t.app.inject({
        method: 'GET',
        url: `/api/v2/jobs/${finishJob}`,
        headers: bearer(tokens.skriver),
      });
      expect(gone.statusCode).toBe(404);
    } finally {
      await db.insertInto('memberships').values(membership).execute();
      forgetUsers(db);
    }
    const refusedApproval = {
      code: 'MEMBERSHIP_LOST',
      message: 'Ikke godkendt: du er ikke længere tilknyttet organisationen.',
    };
    expect(events.map((e) => [e.payload.currentCount, e.payload.error])).toEqual([
      [2, { message: refusedApproval.message }],
    ]);
    const finishState = await jobState('skriver', finishJob);
    expect(finishState).toMatchObject({ status: 'failed', currentCount: 2, errorCount: 2 });
    expect(finishState.failedItems).toEqual(drafts.map((d) => ({ ...d, ...refusedApproval })));
    for (const d of drafts) expect((await assessmentRow(d.assessmentId)).status).toBe('draft');
  });

  it('keeps a fake job small: isFakeJob runs at most MAX_FAKE_JOB_ITEMS items', async () => {
    const before = await jobCount();
    const tooMany = [...Array(MAX_FAKE_JOB_ITEMS + 1)].map(
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const refused = await copy('skriver', {
      propertyIds: tooMany,
      sourceAssessmentIdToCopyFrom: source.id,
      isFakeJob: true,
    });
    expect(refused.statusCode).toBe(400);
    expect(await jobCount()).toBe(before);
  });

  it('prunes the jobs finished longer ago than the retention, with their items, and nothing else', async () => {
    const db = t.app.db;
    const queued = async () =>
      jobIdOf(
        await copy('skriver', {
          propertyIds: takeFree(1),
          sourceAssessmentIdToCopyFrom: source.id,
          isFakeJob: true,
        }),
      );
    const [old, recent] = [await queued(), await queued()];
    await work();
    const waiting = await queued();
    const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
    await db
      .updateTable('jobs')
      .set({ finished_at: daysAgo(31) })
      .where('id', '=', old)
      .execute();
    await db
      .updateTable('jobs')
      .set({ finished_at: daysAgo(29) })
      .where('id', '=', recent)
      .execute();

    expect(await pruneFinishedJobs(db, 30)).toBe(1);
    const left = await db.selectFrom('jobs').select('id').where('id', 'in', [old, recent, waiting]).execute();
    expect(left.map((j) => j.id).sort()).toEqual([recent, waiting].sort());
    const items = await db.selectFrom('job_items').select('job_id').where('job_id', '=', old).execute();
    expect(items).toEqual([]);
    await work();
  });

  it('runs fake jobs with the same progress and writes nothing', async () => {
    const draft = await calculatedDraft();
    const targets = takeFree(2);
    const before = await t.app.db
      .selectFrom('assessments')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const copyJob = jobIdOf(
      await copy('skriver', {
        propertyIds: targets,
        sourceAssessmentIdToCopyFrom: source.id,
        isFakeJob: true,
      }),
    );
    const finishJob = jobIdOf(
      await finish('skriver', {
        assessmentsToFinish: [{ ...draft, validFrom: copenhagenDate(new Date()) }],
        isFakeJob: true,
      }),
    );
    const { events } = await work();
    expect(events.map((e) => [e.jobId, e.payload.currentCount, e.payload.maxCount, e.payload.error])).toEqual(
      [
        [copyJob, 1, 2, null],
        [copyJob, 2, 2, null],
        [finishJob, 1, 1, null],
      ],
    );
    expect((events[0]!.payload as Dto.CopyProgressMessage).newAssessmentId).toBeNull();
    expect(await jobState('skriver', copyJob)).toMatchObject({
      status: 'succeeded',
      currentCount: 2,
      copied: [],
    });
    expect(await jobState('skriver', finishJob)).toMatchObject({ status: 'succeeded', currentCount: 1 });
    const after = await t.app.db
      .selectFrom('assessments')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    expect((await assessmentRow(draft.assessmentId)).status).toBe('draft');
    const items = await t.app.db
      .selectFrom('job_items')
      .select('status')
      .where('job_id', 'in', [copyJob, finishJob])
      .execute();
    expect(items.map((i) => i.status)).toEqual(['skipped', 'skipped', 'skipped']);
  });

  it('checks the role and every id before anything is queued: 403, 404 and 409', async () => {
    const draft = await calculatedDraft();
    const valid = { ...draft, validFrom: copenhagenDate(new Date()) };
    const jobsBefore = await jobCount();
    const expectRefused = (
      response: { statusCode: number; json: () => unknown },
      status: number,
      code?: string,
    ) => {
      expect(response.statusCode).toBe(status);
      const body = response.json() as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(['code', 'message']);
      if (code) expect(body.code).toBe(code);
    };
    // The read role may not start jobs.
    expectRefused(await finish('laeser', { assessmentsToFinish: [valid] }), 403);
    expectRefused(
      await copy('laeser', { propertyIds: takeFree(1), sourceAssessmentIdToCopyFrom: source.id }),
      403,
    );
    // Another organization's ids, alone or among own ones.
    expectRefused(
      await finish('skriver', {
        assessmentsToFinish: [
          valid,
          {
            ...foreignAssessment,
            propertyId: foreignAssessment.residenceId,
            assessmentId: foreignAssessment.id,
            validFrom: valid.validFrom,
          },
        ],
      }),
      403,
    );
    expectRefused(
      await copy('skriver', {
        propertyIds: [free[0], foreignResidence],
        sourceAssessmentIdToCopyFrom: source.id,
      }),
      403,
    );
    expectRefused(
      await copy('skriver', { propertyIds: [free[0]], sourceAssessmentIdToCopyFrom: foreignAssessment.id }),
      403,
    );
    // A member of both organizations still cannot copy across them.
    expectRefused(
      await copy('flere', { propertyIds: [foreignResidence], sourceAssessmentIdToCopyFrom: source.id }),
      403,
    );
    // Unknown ids, and an assessment named with another residence.
    expectRefused(
      await finish('skriver', { assessmentsToFinish: [{ ...valid, assessmentId: UNKNOWN }] }),
      404,
    );
    expectRefused(await finish('skriver', { assessmentsToFinish: [{ ...valid, propertyId: free[0] }] }), 404);
    expectRefused(
      await copy('skriver', { propertyIds: [UNKNOWN], sourceAssessmentIdToCopyFrom: source.id }),
      404,
    );
    // Items that may not be approved: approved, not calculated, ready.
    const notCalculated = await t.app.inject({
      method: 'GET',
      url: `/api/v2/assessment/createnewassessment?propertyId=${takeFree(1)[0]}`,
      headers: bearer(tokens.skriver),
    });
    const ncId = notCalculated.json<string>();
    const ncRow = await assessmentRow(ncId);
    const ready = await t.app.db
      .selectFrom('assessments')
      .select(['id', 'residence_id'])
      .where('organization_id', '=', ownOrg)
      .where('status', '=', 'ready')
      .executeTakeFirstOrThrow();
    for (const item of [
      { assessmentId: source.id, propertyId: source.residenceId },
      { assessmentId: ncId, propertyId: ncRow.residence_id },
      { assessmentId: ready.id, propertyId: ready.residence_id },
    ]) {
      expectRefused(
        await finish('skriver', { assessmentsToFinish: [valid, { ...item, validFrom: valid.validFrom }] }),
        409,
        'ASSESSMENT_NOT_APPROVABLE',
      );
    }
    expect(await jobCount()).toBe(jobsBefore);
    expect((await assessmentRow(draft.assessmentId)).status).toBe('draft');
  });

  it('refuses malformed bodies with 400', async () => {
    const draft = { assessmentId: source.id, propertyId: source.residenceId };
    const jobsBefore = await jobCount();
    const bad: [typeof finish, unknown][] = [
      [finish, {}],
      [finish, { assessmentsToFinish: [] }],
      [finish, { assessmentsToFinish: 'all' }],
      [finish, { assessmentsToFinish: [{ ...draft }] }],
      [finish, { assessmentsToFinish: [{ ...draft, validFrom: 'tomorrow' }] }],
      [finish, { assessmentsToFinish: [{ ...draft, validFrom: '2026-02-30' }] }],
      [finish, { assessmentsToFinish: [{ ...draft, validFrom: 20261201 }] }],
      [finish, { assessmentsToFinish: [{ ...draft, assessmentId: '12', validFrom: '2026-12-01' }] }],
      [finish, { assessmentsToFinish: [{ ...draft, validFrom: '2026-12-01' }], isFakeJob: 'yes' }],
      [
        finish,
        {
          assessmentsToFinish: Array.from({ length: MAX_JOB_ITEMS + 1 }, () => ({
            ...draft,
            validFrom: '2026-12-01',
          })),
        },
      ],
      [copy, { propertyIds: [free[0]] }],
      [copy, { propertyIds: [], sourceAssessmentIdToCopyFrom: source.id }],
      [copy, { propertyIds: ['x'], sourceAssessmentIdToCopyFrom: source.id }],
      [copy, { propertyIds: free[0], sourceAssessmentIdToCopyFrom: source.id }],
      [
        copy,
        {
          propertyIds: Array.from({ length: MAX_JOB_ITEMS + 1 }, () => free[0]),
          sourceAssessmentIdToCopyFrom: source.id,
        },
      ],
    ];
    for (const [call, body] of bad) {
      const response = await call('skriver', body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(response.json().code).toBe('BAD_REQUEST');
    }
    expect(
      (
        await copy(
          'skriver',
          { propertyIds: [free[0]], sourceAssessmentIdToCopyFrom: source.id },
          { 'idempotency-key': 'ä' },
        )
      ).statusCode,
    ).toBe(400);
    expect(await jobCount()).toBe(jobsBefore);
  });

  it('answers a repeated Idempotency-Key with the same job, and 409 for another request', async () => {
    const targets = takeFree(2);
    const body = { propertyIds: targets, sourceAssessmentIdToCopyFrom: source.id, isFakeJob: true };
    const first = jobIdOf(await copy('skriver', body, { 'idempotency-key': 'copy-1' }));
    const jobsAfterFirst = await jobCount();
    expect(jobIdOf(await copy('skriver', body, { 'idempotency-key': 'copy-1' }))).toBe(first);
    expect(await jobCount()).toBe(jobsAfterFirst);
    const other = await copy(
      'skriver',
      { ...body, propertyIds: [targets[0]] },
      { 'idempotency-key': 'copy-1' },
    );
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    // Keys are per user.
    expect(jobIdOf(await copy('flere', body, { 'idempotency-key': 'copy-1' }))).not.toBe(first);
    await work();
  });

  it('shows a job only to its user: another user’s job is a 404 like an unknown one', async () => {
    const jobId = jobIdOf(
      await copy('skriver', {
        propertyIds: takeFree(1),
        sourceAssessmentIdToCopyFrom: source.id,
        isFakeJob: true,
      }),
    );
    const get = (user: User, id: string) =>
      t.app.inject({ method: 'GET', url: `/api/v2/jobs/${id}`, headers: bearer(tokens[user]) });
    // Another user's job answers exactly as an unknown id: nobody learns which ids exist.
    const others = await get('flere', jobId);
    const unknown = await get('flere', UNKNOWN);
    expect(others.statusCode).toBe(404);
    expect(others.json()).toEqual(unknown.json());
    expect(unknown.json()).toEqual({ message: 'Job not found', code: 'NOT_FOUND' });
    expect((await get('skriver', UNKNOWN)).statusCode).toBe(404);
    expect((await get('skriver', 'nope')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/v2/jobs/${jobId}` })).statusCode).toBe(401);
    await work();
  });

  it('lets another worker take over a job whose worker stopped mid-way once its lease runs out', async () => {
    const targets = takeFree(4);
    const jobId = jobIdOf(
      await copy('skriver', { propertyIds: targets, sourceAssessmentIdToCopyFrom: source.id }),
    );
    // Worker A does two items and dies without giving the job back.
    expect((await work({ owner: 'A', maxItems: 2 })).run).toEqual({ jobs: 1, items: 2 });
    expect(await jobState('skriver', jobId)).toMatchObject({ status: 'running', currentCount: 2 });
    // While A's lease holds, B finds nothing to do.
    expect((await work({ owner: 'B' })).run).toEqual({ jobs: 0, items: 0 });
    // Once it has run out, B takes the job over and does the rest, nothing twice.
    const later = new Date(Date.now() + DEFAULT_LEASE_MS + 1000);
    const { run, events } = await work({ owner: 'B', now: () => later });
    expect(run).toEqual({ jobs: 1, items: 2 });
    expect(events.map((e) => e.payload.currentCount)).toEqual([3, 4]);
    const state = await jobState('skriver', jobId);
    expect(state).toMatchObject({ status: 'succeeded', currentCount: 4, maxCount: 4, errorCount: 0 });
    expect(state.copied.map((c) => c.propertyId)).toEqual(targets);
    const created = await t.app.db
      .selectFrom('assessments')
      .select('residence_id')
      .where('residence_id', 'in', targets)
      .execute();
    expect(created.map((c) => c.residence_id).sort()).toEqual([...targets].sort());
    // A, come back, may not record anything more for the job.
    await expect(
      completeItem(
        t.app.db,
        { jobId, owner: 'A', position: 0, now: new Date(), leaseMs: 1000 },
        async () => ({
          status: 'skipped',
        }),
      ),
    ).rejects.toBeInstanceOf(LeaseLostError);
    const job = await t.app.db
      .selectFrom('jobs')
      .select(['attempts', 'lease_owner'])
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ attempts: 2, lease_owner: null });
  });

  it('hands a job back at once when its worker shuts down, without counting an attempt', async () => {
    const targets = takeFree(3);
    const jobId = jobIdOf(
      await copy('skriver', { propertyIds: targets, sourceAssessmentIdToCopyFrom: source.id }),
    );
    // Worker A asks before the claim and before each item: the shutdown comes during the first.
    let asked = 0;
    const a = await work({ owner: 'A', stopping: () => asked++ >= 2 });
    expect(a.run).toEqual({ jobs: 1, items: 1 });
    const handedBack = await t.app.db
      .selectFrom('jobs')
      .select(['lease_owner', 'locked_until', 'attempts', 'run_after'])
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(handedBack).toMatchObject({ lease_owner: null, locked_until: null, attempts: 0 });
    expect(new Date(handedBack.run_after).getTime()).toBeLessThanOrEqual(Date.now());
    // No lease to wait for: B takes the rest over now, nothing twice.
    const b = await work({ owner: 'B' });
    expect(b.run).toEqual({ jobs: 1, items: 2 });
    expect(b.events.map((e) => e.payload.currentCount)).toEqual([2, 3]);
    expect(await jobState('skriver', jobId)).toMatchObject({ status: 'succeeded', currentCount: 3 });
  });

  it('renews the lease with every finished item, inside the item’s transaction', async () => {
    const jobId = jobIdOf(
      await copy('skriver', {
        propertyIds: takeFree(3),
        sourceAssessmentIdToCopyFrom: source.id,
        isFakeJob: true,
      }),
    );
    const start = Date.now();
    const at = (ms: number) => new Date(start + ms);
    // A claims at +0 s (lease to +30 s) and finishes its two items at +20 s and +40 s.
    let step = 0;
    const clockA = () => at(20_000 * step++);
    expect((await work({ owner: 'A', maxItems: 2, now: clockA })).run).toEqual({ jobs: 1, items: 2 });
    const leased = await t.app.db
      .selectFrom('jobs')
      .select(['lease_owner', 'locked_until'])
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(leased.lease_owner).toBe('A');
    expect(new Date(leased.locked_until!).getTime()).toBe(at(40_000 + DEFAULT_LEASE_MS).getTime());
    // Past the lease of the claim and of the first item, the last item's renewal still holds.
    expect((await work({ owner: 'B', now: () => at(65_000) })).run).toEqual({ jobs: 0, items: 0 });
    expect((await work({ owner: 'B', now: () => at(71_000) })).run).toEqual({ jobs: 1, items: 1 });
    expect(await jobState('skriver', jobId)).toMatchObject({ status: 'succeeded', currentCount: 3 });
  });

  it('fails the remaining items of a job that keeps crashing its workers', async () => {
    const targets = takeFree(2);
    const jobId = jobIdOf(
      await copy('skriver', { propertyIds: targets, sourceAssessmentIdToCopyFrom: source.id }),
    );
    await t.app.db.updateTable('jobs').set({ attempts: MAX_ATTEMPTS }).where('id', '=', jobId).execute();
    const { events } = await work();
    expect(events.map((e) => e.payload)).toEqual([
      {
        propertyId: targets[1],
        newAssessmentId: null,
        currentCount: 2,
        maxCount: 2,
        error: { message: 'Jobbet kunne ikke gennemføres. Prøv igen.' },
      },
    ]);
    const state = await jobState('skriver', jobId);
    expect(state).toMatchObject({ status: 'failed', currentCount: 2, errorCount: 2 });
    expect(state.failedItems.map((f) => f.code)).toEqual(['JOB_ABORTED', 'JOB_ABORTED']);
  });

  it.runIf(admin !== null)(
    'shares jobs between two workers on separate connections, each item once',
    async () => {
      const other = createDatabase(t.config.databaseUrl);
      try {
        const jobIds: string[] = [];
        const targets = takeFree(20);
        for (let i = 0; i < 4; i++) {
          jobIds.push(
            jobIdOf(
              await copy('skriver', {
                propertyIds: targets.slice(i * 5, i * 5 + 5),
                sourceAssessmentIdToCopyFrom: source.id,
              }),
            ),
          );
        }
        const [a, b] = await Promise.all([
          runWorkerOnce(t.app.db, { owner: 'A' }),
          runWorkerOnce(other, { owner: 'B' }),
        ]);
        expect(a.items + b.items).toBe(20);
        expect(a.jobs + b.jobs).toBe(4);
        for (const jobId of jobIds) {
          expect(await jobState('skriver', jobId)).toMatchObject({
            status: 'succeeded',
            currentCount: 5,
            maxCount: 5,
          });
        }
        const created = await t.app.db
          .selectFrom('assessments')
          .select('residence_id')
          .where('residence_id', 'in', targets)
          .execute();
        expect(created.map((c) => c.residence_id).sort()).toEqual([...targets].sort());
      } finally {
        await other.destroy();
      }
    },
  );

  it.runIf(admin !== null)(
    'takes over a job while its first worker is still running, without doing an item twice',
    async () => {
      const other = createDatabase(t.config.databaseUrl);
      try {
        const targets = takeFree(8);
        const jobId = jobIdOf(
          await copy('skriver', { propertyIds: targets, sourceAssessmentIdToCopyFrom: source.id }),
        );
        // A's lease is already over when it is taken: B may claim the job at any moment, and
        // holds it with a real lease (two expired leases would steal it back and forth until the
        // job gives up after its attempts).
        const [a, b] = await Promise.all([
          runWorkerOnce(t.app.db, { owner: 'A', leaseMs: -60_000 }),
          runWorkerOnce(other, { owner: 'B' }),
        ]);
        expect(a.items + b.items).toBe(8);
        expect(await jobState('skriver', jobId)).toMatchObject({
          status: 'succeeded',
          currentCount: 8,
          maxCount: 8,
        });
        const created = await t.app.db
          .selectFrom('assessments')
          .select('residence_id')
          .where('residence_id', 'in', targets)
          .execute();
        expect(created.length).toBe(8);
      } finally {
        await other.destroy();
      }
    },
  );

  it.runIf(admin !== null)('fans progress out to every process through LISTEN/NOTIFY', async () => {
    const other = await createPgJobEvents({ connectionString: t.config.databaseUrl });
    try {
      const received = new Promise<JobProgressEvent>((resolve) => {
        const off = other.subscribe((e) => {
          off();
          resolve(e);
        });
      });
      const event: JobProgressEvent = {
        kind: 'finish',
        userId: UNKNOWN,
        organizationId: UNKNOWN,
        jobId: UNKNOWN,
        payload: { currentCount: 1, maxCount: 2, error: { message: 'Vurderingen findes ikke længere.' } },
      };
      await t.app.jobEvents.publish(event);
      expect(await received).toEqual(event);
    } finally {
      await other.close();
    }
  });
});

describe.each(DATABASES)('the job worker of buildApp on $name', ({ admin }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(admin, { JOB_POLL_MS: '60000' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('runs a queued job at once and publishes its progress on app.jobEvents', async () => {
    const token = await demoToken(t.app, 'skriver');
    const db = t.app.db;
    const org = (await organizationsOf(db, 'skriver'))[0]!;
    const source = await db
      .selectFrom('assessments')
      .select('id')
      .where('organization_id', '=', org)
      .where('status', '=', 'approved')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const targets = (
      await db
        .selectFrom('residences')
        .select('id')
        .where('organization_id', '=', org)
        .orderBy('id')
        .limit(2)
        .execute()
    ).map((r) => r.id);
    const events: JobProgressEvent[] = [];
    const done = new Promise<void>((resolve) => {
      t.app.jobEvents.subscribe((e) => {
        events.push(e);
        if (e.payload.currentCount === e.payload.maxCount) resolve();
      });
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2/assessment/copyassessments',
      headers: bearer(token),
      payload: { propertyIds: targets, sourceAssessmentIdToCopyFrom: source.id, isFakeJob: true },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { jobId } = response.json<Dto.JobCreated>();
    // Woken by the enqueue, not by the (one minute) poll.
    await done;
    expect(events.map((e) => [e.jobId, e.payload.currentCount])).toEqual([
      [jobId, 1],
      [jobId, 2],
    ]);
    const state = await t.app.inject({ method: 'GET', url: `/api/v2/jobs/${jobId}`, headers: bearer(token) });
    expect(state.json<Dto.JobState>()).toMatchObject({ status: 'succeeded', currentCount: 2, maxCount: 2 });
  });
});
