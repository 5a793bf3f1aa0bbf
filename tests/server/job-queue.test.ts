import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type * as Dto from '../../shared/contract/dto';
import { copenhagenDate } from '../../server/src/jobs/dates';
import { LeaseLostError } from '../../server/src/jobs/errors';
import {
  cancelJob,
  claimJob,
  completeItem,
  DEFAULT_LEASE_MS,
  enqueueJob,
  MAX_JOB_ITEMS,
  nextPendingItem,
} from '../../server/src/jobs/queue';
import { runWorkerOnce, startJobWorker } from '../../server/src/jobs/worker';
import {
  bearer,
  DATABASES,
  demoToken,
  organizationsOf,
  residencesWithoutAssessment,
  startTestApp,
  userIdOf,
  type TestApp,
} from './helpers';
import { scaledMs } from '../support/time-factor';

/**
 * The queue at the size of a real department (docs/api.md "Jobs"): a job's items read a page at
 * a time, fair turns across organizations and users, the per-organization cap, and Stop.
 */

const USERS = ['skriver', 'laeser', 'flere'] as const;
type User = (typeof USERS)[number];
/** The cap of this suite's app: a 3,000-item job leaves room for ten more items. */
const CAP = 3010;
const fakeIds = (n: number, prefix: string) =>
  [...Array(n)].map((_, i) => `${prefix}-0000-4000-8000-${String(i).padStart(12, '0')}`);

describe.each(DATABASES)('the job queue on $name', ({ admin }) => {
  let t: TestApp;
  const tokens = {} as Record<User, string>;
  const ids = {} as Record<User, string>;
  let ownOrg: string;
  let otherOrg: string;
  let source: { id: string; residenceId: string };
  let free: string[];
  const takeFree = (n: number) => free.splice(0, n);

  const request = (user: User, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(tokens[user]), payload: payload as never });
  const copy = (propertyIds: string[]) =>
    request('skriver', 'POST', '/api/v2/assessment/copyassessments', {
      propertyIds,
      sourceAssessmentIdToCopyFrom: source.id,
    });
  const jobIdOf = (response: { statusCode: number; body: string; json: <T>() => T }) => {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Dto.JobCreated>().jobId;
  };
  const items = async (user: User, jobId: string, query = '') => {
    const response = await request(user, 'GET', `/api/v2/jobs/${jobId}/items${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Dto.JobItemsPage>();
  };
  const jobRow = (id: string) =>
    t.app.db
      .selectFrom('jobs')
      .select(['status', 'current_count', 'max_count', 'lease_owner'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  /** A fake job queued straight into the queue (the routes keep fake jobs small). */
  const queueFake = async (user: User, organizationId: string, count: number, prefix: string) =>
    (
      await enqueueJob(t.app.db, {
        kind: 'copy',
        userId: ids[user],
        organizationId,
        isFake: true,
        sourceAssessmentId: null,
        idempotencyKey: undefined,
        requestHash: prefix,
        items: fakeIds(count, prefix).map((propertyId) => ({
          propertyId,
          assessmentId: null,
          validFrom: null,
        })),
        maxQueuedItems: MAX_JOB_ITEMS * 10,
      })
    ).jobId;
  const waitFor = async (check: () => Promise<boolean>, timeoutMs: number) => {
    const until = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > until) throw new Error(`not within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  beforeAll(async () => {
    t = await startTestApp(admin, { JOB_WORKER: 'false', JOB_QUEUE_ITEMS_PER_ORGANIZATION: String(CAP) });
    for (const user of USERS) {
      tokens[user] = await demoToken(t.app, user);
      ids[user] = userIdOf(tokens[user]);
    }
    ownOrg = (await organizationsOf(t.app.db, 'skriver'))[0]!;
    otherOrg = (await organizationsOf(t.app.db, 'flere')).find((id) => id !== ownOrg)!;
    const row = await t.app.db
      .selectFrom('assessments')
      .select(['id', 'residence_id'])
      .where('organization_id', '=', ownOrg)
      .where('status', '=', 'approved')
      .where('future_approved_date', 'is', null)
      .where('converted', '=', false)
      .where('is_calculated', '=', true)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    source = { id: row.id, residenceId: row.residence_id };
    free = await residencesWithoutAssessment(t.app.db, ownOrg, { limit: 40 });
  });
  afterEach(async () => {
    // A test that failed half-way leaves no job behind for the next one.
    await t.app.db
      .updateTable('jobs')
      .set({ status: 'cancelled', lease_owner: null, locked_until: null, finished_at: new Date() })
      .where('status', 'in', ['queued', 'running'])
      .execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reads a job’s items a page at a time, with address, outcome and the copy as it is now', async () => {
    const targets = takeFree(5);
    const jobId = jobIdOf(await copy(targets));
    await runWorkerOnce(t.app.db);

    const first = await items('skriver', jobId, '?limit=2');
    expect(first).toMatchObject({ jobId, kind: 'copy', status: 'succeeded', total: 5, offset: 0 });
    expect(first.counts).toEqual({ pending: 0, done: 5, failed: 0, skipped: 0, cancelled: 0 });
    expect(first.items.map((i) => i.position)).toEqual([0, 1]);
    expect(first.items.map((i) => i.propertyId)).toEqual(targets.slice(0, 2));
    for (const item of first.items) {
      expect(item.outcome).toBe('done');
      expect(item.location).not.toBe('');
      expect(item.assessment).toMatchObject({ propertyId: item.propertyId, assessmentStatus: 'draft' });
      expect(item.assessment!.location).toBe(item.location);
    }
    const rest = await items('skriver', jobId, '?offset=2&limit=500');
    expect(rest.items.map((i) => i.propertyId)).toEqual(targets.slice(2));
    expect((await items('skriver', jobId, '?outcome=failed')).total).toBe(0);
    expect((await items('skriver', jobId, '?offset=5')).items).toEqual([]);

    // Only the job's own user reads it: anyone else gets the 404 of an unknown job.
    for (const user of ['laeser', 'flere'] as const) {
      expect((await request(user, 'GET', `/api/v2/jobs/${jobId}/items`)).statusCode).toBe(404);
    }
    for (const bad of ['?limit=0', '?limit=501', '?offset=-1', '?outcome=lost', '?offset=x']) {
      const response = await request('skriver', 'GET', `/api/v2/jobs/${jobId}/items${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json()).toMatchObject({ code: 'BAD_REQUEST' });
    }
    expect((await request('skriver', 'GET', '/api/v2/jobs/not-a-job/items')).statusCode).toBe(400);
  });

  it('lists an approval’s failed items with their reasons, filtered by outcome', async () => {
    const copied = await items('skriver', jobIdOf(await copy(takeFree(3))), '');
    expect(copied.status).toBe('queued');
    await runWorkerOnce(t.app.db);
    const copies = (await items('skriver', copied.jobId)).items.map((i) => i.assessment!);
    // The second is approved before the job reaches it: that item fails with its reason.
    // Today as the server counts it: in Copenhagen (an hour or two ahead of UTC at night).
    const today = copenhagenDate(new Date());
    const finish = (list: typeof copies) =>
      request('skriver', 'POST', '/api/v2/assessment/finishassessments', {
        assessmentsToFinish: list.map((a) => ({
          assessmentId: a.assessmentId,
          propertyId: a.propertyId,
          validFrom: today,
        })),
      });
    const jobId = jobIdOf(await finish(copies));
    const before = jobIdOf(await finish([copies[1]!]));
    await t.app.db
      .updateTable('jobs')
      .set({ run_after: new Date(Date.now() - 60_000) })
      .where('id', '=', before)
      .execute();
    await runWorkerOnce(t.app.db);

    const page = await items('skriver', jobId);
    expect(page).toMatchObject({ kind: 'finish', status: 'partlyFailed', total: 3 });
    expect(page.counts).toMatchObject({ done: 2, failed: 1 });
    const failed = await items('skriver', jobId, '?outcome=failed');
    expect(failed.total).toBe(1);
    expect(failed.items).toHaveLength(1);
    expect(failed.items[0]).toMatchObject({
      position: 1,
      propertyId: copies[1]!.propertyId,
      outcome: 'failed',
      code: 'ASSESSMENT_APPROVED',
      message: 'Vurderingen er allerede godkendt.',
      validFrom: today,
    });
    expect(failed.items[0]!.assessment).toMatchObject({ assessmentStatus: 'approved' });
  });

  it('gives a one-item job of another organization, and of another user, its turn while a 3,000-item job runs', async () => {
    const big = await queueFake('skriver', ownOrg, 3000, '0000000a');
    const worker = startJobWorker(t.app.db, { pollMs: 20 });
    try {
      await waitFor(async () => (await jobRow(big)).current_count > 0, 10_000);
      const started = Date.now();
      const small = await queueFake('flere', otherOrg, 1, '0000000b');
      const sameOrganization = await queueFake('flere', ownOrg, 1, '0000000c');
      worker.wake();
      const done = async (id: string) => (await jobRow(id)).status === 'succeeded';
      await waitFor(async () => (await done(small)) && (await done(sameOrganization)), scaledMs(2000));
      const waited = Date.now() - started;
      const bigNow = await jobRow(big);
      expect(bigNow.status, `the small jobs waited ${waited} ms`).toBe('running');
      expect(bigNow.current_count).toBeLessThan(3000);
      expect(waited).toBeLessThan(scaledMs(2000));
    } finally {
      await cancelJob(t.app.db, {
        jobId: big,
        userId: ids.skriver,
        organizationIds: [ownOrg],
        now: new Date(),
      });
      await worker.stop();
    }
  });

  it('claims round-robin: the organization, then the user, whose turn was longest ago', async () => {
    await t.app.db.updateTable('jobs').set({ last_turn_at: null }).execute();
    const owner = 'fair-claims';
    const a1 = await queueFake('skriver', ownOrg, 2, '0000001a');
    const a2 = await queueFake('skriver', ownOrg, 2, '0000001b');
    const b = await queueFake('flere', otherOrg, 2, '0000001c');
    const c = await queueFake('flere', ownOrg, 2, '0000001d');
    // After the queuing: each job is due from its enqueue's clock (run_after), and on a busy
    // machine that is a millisecond or more after a clock read before it.
    const now = Date.now();
    const names = { [a1]: 'a1', [a2]: 'a2', [b]: 'b', [c]: 'c' };
    const order: string[] = [];
    for (let turn = 0; turn < 6; turn += 1) {
      const job = await claimJob(t.app.db, owner, new Date(now + turn * 1000), DEFAULT_LEASE_MS);
      order.push(names[job!.id]!);
      await t.app.db
        .updateTable('jobs')
        .set({ lease_owner: null, locked_until: null })
        .where('id', '=', job!.id)
        .execute();
    }
    // The oldest first; then the organization that has waited (otherOrg), then in ownOrg the
    // user that has waited (flere); skriver's own jobs keep their order.
    expect(order).toEqual(['a1', 'b', 'c', 'b', 'a1', 'b']);
  });

  it('refuses a job that would take the organization past its cap with a 429 in Danish; other organizations still queue', async () => {
    const big = await queueFake('skriver', ownOrg, 3000, '0000002a');
    const jobsBefore = await t.app.db.selectFrom('jobs').select('id').execute();
    const refused = await copy(takeFree(11));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'JOB_QUEUE_FULL', waiting: 3000, limit: CAP });
    expect(refused.json<{ message: string }>().message).toMatch(/højst være 3\.010\b/);
    expect(await t.app.db.selectFrom('jobs').select('id').execute()).toHaveLength(jobsBefore.length);
    // Another organization's queue is its own.
    await expect(
      enqueueJob(t.app.db, {
        kind: 'copy',
        userId: ids.flere,
        organizationId: otherOrg,
        isFake: true,
        sourceAssessmentId: null,
        idempotencyKey: undefined,
        requestHash: 'x',
        items: fakeIds(10, '0000002b').map((propertyId) => ({
          propertyId,
          assessmentId: null,
          validFrom: null,
        })),
        maxQueuedItems: CAP,
      }),
    ).resolves.toMatchObject({ created: true });
    // Ten more fit; stopping the big job frees its room.
    const fits = jobIdOf(await copy(takeFree(10)));
    expect((await copy(takeFree(1))).statusCode).toBe(429);
    const stopped = await request('skriver', 'POST', `/api/v2/jobs/${big}/cancel`);
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json<Dto.JobState>()).toMatchObject({
      status: 'cancelled',
      currentCount: 0,
      maxCount: 3000,
    });
    jobIdOf(await copy(takeFree(1)));
    await runWorkerOnce(t.app.db);
    expect((await jobRow(fits)).status).toBe('succeeded');
  });

  it('stops a job for its owner at the next item: done items stay done, the rest are cancelled', async () => {
    const targets = takeFree(3);
    const jobId = jobIdOf(await copy(targets));
    expect(await runWorkerOnce(t.app.db, { maxItems: 1 })).toEqual({ jobs: 1, items: 1 });
    // Nobody else stops it.
    for (const user of ['flere', 'laeser'] as const) {
      const response = await request(user, 'POST', `/api/v2/jobs/${jobId}/cancel`);
      expect(response.statusCode).toBe(user === 'laeser' ? 403 : 404);
    }
    const stopped = await request('skriver', 'POST', `/api/v2/jobs/${jobId}/cancel`);
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json<Dto.JobState>()).toMatchObject({ status: 'cancelled', currentCount: 1, maxCount: 3 });
    // The worker that held it finds its lease gone and starts nothing more.
    expect(await runWorkerOnce(t.app.db)).toEqual({ jobs: 0, items: 0 });
    const page = await items('skriver', jobId);
    expect(page.status).toBe('cancelled');
    expect(page.counts).toMatchObject({ done: 1, cancelled: 2, pending: 0 });
    expect(page.items.map((i) => i.outcome)).toEqual(['done', 'cancelled', 'cancelled']);
    expect(page.items[0]!.assessment).not.toBeNull();
    expect(page.items[1]!.assessment).toBeNull();
    // Stopping again: it has ended, and the answer says how.
    const again = await request('skriver', 'POST', `/api/v2/jobs/${jobId}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'JOB_ENDED', state: { status: 'cancelled' } });
  });

  it('lets one of cancel and completion win when they meet at the last item', async () => {
    const ownerOf = 'racing-worker';
    // Completion first: the item under way holds the job row; the cancel waits and finds it ended.
    const first = jobIdOf(await copy(takeFree(1)));
    const claimed = await claimJob(t.app.db, ownerOf, new Date(), DEFAULT_LEASE_MS);
    expect(claimed?.id).toBe(first);
    const item = (await nextPendingItem(t.app.db, first))!;
    let cancelling: ReturnType<typeof cancelJob> | undefined;
    const done = await completeItem(
      t.app.db,
      { jobId: first, owner: ownerOf, position: item.position, now: new Date(), leaseMs: DEFAULT_LEASE_MS },
      async () => {
        cancelling = cancelJob(t.app.db, {
          jobId: first,
          userId: ids.skriver,
          organizationIds: [ownOrg],
          now: new Date(),
        });
        return { status: 'done', resultId: null };
      },
    );
    expect(done?.counts.status).toBe('succeeded');
    expect(await cancelling).toEqual({ cancelled: false, status: 'succeeded' });
    expect((await jobRow(first)).status).toBe('succeeded');

    // Cancel first: the worker's item finds its lease gone, and nothing of it is written.
    const second = jobIdOf(await copy(takeFree(1)));
    const claimedAgain = await claimJob(t.app.db, ownerOf, new Date(), DEFAULT_LEASE_MS);
    expect(claimedAgain?.id).toBe(second);
    const pending = (await nextPendingItem(t.app.db, second))!;
    expect(
      await cancelJob(t.app.db, {
        jobId: second,
        userId: ids.skriver,
        organizationIds: [ownOrg],
        now: new Date(),
      }),
    ).toMatchObject({ cancelled: true });
    let wrote = false;
    await expect(
      completeItem(
        t.app.db,
        {
          jobId: second,
          owner: ownerOf,
          position: pending.position,
          now: new Date(),
          leaseMs: DEFAULT_LEASE_MS,
        },
        async () => {
          wrote = true;
          return { status: 'done', resultId: null };
        },
      ),
    ).rejects.toBeInstanceOf(LeaseLostError);
    expect(wrote).toBe(false);
    expect(await jobRow(second)).toMatchObject({ status: 'cancelled', current_count: 0, lease_owner: null });
  });
});
