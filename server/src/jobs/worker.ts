import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { JobItemFailureCode } from '../../../shared/contract/error-codes';
import type { QuestionDef } from '../../../shared/rules/catalogue';
import type { Database } from '../db/schema';
import { loadQuestions } from '../domain/catalogue';
import { copyItem, SourceAnswers } from './copy-item';
import { ItemFailure, ITEM_MESSAGES, LeaseLostError } from './errors';
import { finishItem } from './finish-item';
import { lostRights } from './job-rights';
import type { JobEvents, JobProgressEvent } from './job-events';
import {
  abortJob,
  claimJob,
  completeItem,
  DEFAULT_LEASE_MS,
  handBackJob,
  MAX_ATTEMPTS,
  nextPendingItems,
  othersWaiting,
  releaseJob,
  type ClaimedJob,
  type ItemOutcome,
  type JobCounts,
  type PendingItem,
} from './queue';

export interface WorkerOptions {
  /** Progress events, one per finished item (none when absent). */
  jobEvents?: JobEvents;
  /** The lease owner; one per worker (default: a new uuid). */
  owner?: string;
  leaseMs?: number;
  /** The clock of leases and approvals (tests move it forward). */
  now?: () => Date;
  /** Stop after this many items without giving the job back: a worker that dies mid-way (tests). */
  maxItems?: number;
  /** Errors that are not an item's own (a lost connection, a failed publish). */
  onError?: (error: unknown, context: string) => void;
  /** True once the process shuts down: the current item ends, the job is handed back. */
  stopping?: () => boolean;
  /** Each item processed, with the job's status after it (the metrics count them). */
  onItem?: (kind: ClaimedJob['kind'], outcome: ItemOutcome['status'], jobStatus: JobCounts['status']) => void;
}

export interface WorkerRun {
  jobs: number;
  items: number;
}

/** Pending items read at once (nextPendingItems). */
const PENDING_BATCH = 100;

/**
 * Processes jobs until none is claimable: claims one, does its pending items in order (each
 * its own transaction, progress published after each commit) and claims the next; after each
 * item the job is given back when another organization or user is waiting (fair turns). A job
 * whose lease is taken over stops at once; an unexpected error gives the job back with a
 * back-off, and a job claimed more than MAX_ATTEMPTS times fails its remaining items. Before
 * each item the job's user must still have the write role and the job's organization
 * (job-rights.ts); otherwise every remaining item is refused with that reason.
 */
export async function runWorkerOnce(db: Kysely<Database>, options: WorkerOptions = {}): Promise<WorkerRun> {
  const owner = options.owner ?? randomUUID();
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const clock = options.now ?? (() => new Date());
  const run: WorkerRun = { jobs: 0, items: 0 };
  let questions: QuestionDef[] | null = null;
  const sourceAnswers = new SourceAnswers();

  for (;;) {
    if (options.stopping?.()) return run;
    const job = await claimJob(db, owner, clock(), leaseMs);
    if (!job) return run;
    run.jobs += 1;

    if (job.attempts > MAX_ATTEMPTS) {
      await refuseRest(db, options, job, owner, clock(), {
        code: 'JOB_ABORTED',
        message: ITEM_MESSAGES.jobAborted,
      });
      continue;
    }

    try {
      // A copy writes the questions' answers, an approval scores them (finish-item.ts).
      if (!job.isFake) questions ??= await loadQuestions(db);
      let due: PendingItem[] = [];
      for (;;) {
        if (options.maxItems !== undefined && run.items >= options.maxItems) return run;
        if (options.stopping?.()) {
          await handBackJob(db, job.id, owner, clock());
          return run;
        }
        if (due.length === 0) due = await nextPendingItems(db, job.id, PENDING_BATCH);
        const item = due.shift();
        if (!item) break;
        const lost = await lostRights(db, job);
        if (lost) {
          await refuseRest(db, options, job, owner, clock(), lost);
          break;
        }
        const now = clock();
        const result = await processItem(db, job, item, { owner, leaseMs, now, questions, sourceAnswers });
        if (result === null) continue;
        run.items += 1;
        await publish(options, job, item.propertyId, result.outcome, result.counts);
        // Embedded PGlite answers in microtasks: without a turn of the event loop here a job would
        // hold off every request, timer and hub message of the process until it ends.
        await new Promise((resolve) => setImmediate(resolve));
        if (result.counts.status !== 'running') break;
        // Round-robin (queue.ts): another organization's or user's job takes the next turn.
        if (await othersWaiting(db, job, now)) {
          await handBackJob(db, job.id, owner, now);
          break;
        }
      }
    } catch (error) {
      if (error instanceof LeaseLostError) continue;
      options.onError?.(error, `job ${job.id}`);
      await releaseJob(db, job.id, owner, clock(), String(error), job.attempts).catch((e: unknown) =>
        options.onError?.(e, `releasing job ${job.id}`),
      );
    }
  }
}

/** Fails every pending item of the job with one reason, ends it and tells its user. */
async function refuseRest(
  db: Kysely<Database>,
  options: WorkerOptions,
  job: ClaimedJob,
  owner: string,
  now: Date,
  reason: { code: JobItemFailureCode; message: string },
): Promise<void> {
  const aborted = await abortJob(db, { jobId: job.id, owner, now, ...reason });
  if (aborted && aborted.lastPropertyId !== null) {
    await publish(options, job, aborted.lastPropertyId, { status: 'failed', ...reason }, aborted.counts);
  }
}

async function processItem(
  db: Kysely<Database>,
  job: ClaimedJob,
  item: PendingItem,
  context: {
    owner: string;
    leaseMs: number;
    now: Date;
    questions: QuestionDef[] | null;
    sourceAnswers: SourceAnswers;
  },
) {
  const params = {
    jobId: job.id,
    owner: context.owner,
    position: item.position,
    now: context.now,
    leaseMs: context.leaseMs,
  };
  try {
    return await completeItem(db, params, async (trx): Promise<ItemOutcome> => {
      // flag-fake_copy: the same progress, no writes.
      if (job.isFake) return { status: 'skipped' };
      if (job.kind === 'finish') return finishItem(trx, item, job, context.now, context.questions!);
      return copyItem(trx, item, job, { ...context, questions: context.questions! });
    });
  } catch (error) {
    if (!(error instanceof ItemFailure)) throw error;
    // The domain write is rolled back; the failure and its reason are recorded on their own.
    const failure: ItemOutcome = { status: 'failed', code: error.code, message: error.message };
    return completeItem(db, params, async () => failure);
  }
}

async function publish(
  options: WorkerOptions,
  job: ClaimedJob,
  propertyId: string,
  outcome: ItemOutcome,
  counts: JobCounts,
): Promise<void> {
  options.onItem?.(job.kind, outcome.status, counts.status);
  if (!options.jobEvents) return;
  const error = outcome.status === 'failed' ? { message: outcome.message } : null;
  const { currentCount, maxCount } = counts;
  const event: JobProgressEvent =
    job.kind === 'copy'
      ? {
          kind: 'copy',
          userId: job.userId,
          organizationId: job.organizationId,
          jobId: job.id,
          payload: {
            propertyId,
            newAssessmentId: outcome.status === 'done' ? outcome.resultId : null,
            currentCount,
            maxCount,
            error,
          },
        }
      : {
          kind: 'finish',
          userId: job.userId,
          organizationId: job.organizationId,
          jobId: job.id,
          payload: { currentCount, maxCount, error },
        };
  try {
    await options.jobEvents.publish(event);
  } catch (e) {
    // Progress is also readable by job id (GET /api/v2/jobs/{jobId}): a lost event is not fatal.
    options.onError?.(e, `publishing progress of job ${job.id}`);
  }
}

export interface JobWorker {
  /** Looks for work now instead of at the next poll (called after a job is queued). */
  wake(): void;
  /** Stops polling, lets the current item finish and hands its job back (handBackJob). */
  stop(): Promise<void>;
}

/**
 * The background loop of a server process (started by buildApp): runWorkerOnce, then sleep
 * until the poll interval passes or wake() is called. Every process on one PostgreSQL runs
 * one; they share the work through the claims.
 */
export function startJobWorker(db: Kysely<Database>, options: WorkerOptions & { pollMs: number }): JobWorker {
  const owner = options.owner ?? `worker-${randomUUID()}`;
  let running = true;
  let wakeUp: (() => void) | null = null;
  let woken = false;

  const loop = (async () => {
    while (running) {
      woken = false;
      try {
        await runWorkerOnce(db, { ...options, owner, stopping: () => !running });
      } catch (error) {
        options.onError?.(error, 'job worker');
      }
      if (!running) break;
      if (woken) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.pollMs);
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = null;
    }
  })();

  return {
    wake() {
      woken = true;
      wakeUp?.();
    },
    async stop() {
      running = false;
      wakeUp?.();
      await loop;
    },
  };
}
