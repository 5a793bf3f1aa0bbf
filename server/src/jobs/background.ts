import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { SessionStore } from '../auth/sessions';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import type { Metrics } from '../metrics/metrics';
import { keepMissingLevels } from '../domain/overview-levels';
import { pruneAbandonedUploads } from '../domain/photo-store';
import type { JobEvents } from './job-events';
import { pruneFinishedJobs } from './prune-finished-jobs';
import { PRUNE_EVERY_MS, schedulePruning } from './prune-idempotency-keys';
import { startJobWorker } from './worker';

/** The background work of a process that runs it (JOB_WORKER, README "Environment variables"). */
export interface BackgroundWork {
  /** A job was queued: the worker looks for work now. */
  wake(): void;
  /** Stops the pruning, then the worker (its current item finishes). */
  stop(): Promise<void>;
}

/**
 * Starts the job worker (docs/architecture.md 4 "Jobs") and the pruning: the processes that do
 * background work also forget old idempotency keys, sessions signed in longer ago than any of
 * their tokens can live (an hour's margin for clocks), finished jobs past their retention and
 * photo uploads left incomplete.
 * Once after the start they score the approvals whose levels the overview does not find kept.
 */
export function startBackgroundWork(
  db: Kysely<Database>,
  context: {
    config: Config;
    sessions: SessionStore;
    jobEvents: JobEvents;
    log: FastifyBaseLogger;
    metrics?: Metrics;
  },
): BackgroundWork {
  const { config, sessions, jobEvents, log, metrics } = context;
  const jobWorker = startJobWorker(db, {
    jobEvents,
    pollMs: config.jobPollMs,
    onError: (error, where) => log.error({ err: error }, where),
    onItem: metrics
      ? (kind, outcome, jobStatus) => {
          metrics.jobItems.inc({ kind, outcome });
          if (jobStatus !== 'running') metrics.jobsEnded.inc({ kind, status: jobStatus });
        }
      : undefined,
  });
  const stopKeys = schedulePruning(db, config.idempotencyKeyRetentionDays, (error) =>
    log.error({ err: error }, 'pruning idempotency keys'),
  );
  const pruneSessions = () => {
    void sessions
      .prune(config.sessionMaxAgeS + 3600)
      .catch((error: unknown) => log.error({ err: error }, 'pruning sessions'));
    // And finished jobs past their retention, with their items.
    void pruneFinishedJobs(db, config.jobRetentionDays).catch((error: unknown) =>
      log.error({ err: error }, 'pruning finished jobs'),
    );
    // And photo uploads a process died in the middle of.
    void pruneAbandonedUploads(db).catch((error: unknown) =>
      log.error({ err: error }, 'pruning photo uploads'),
    );
  };
  pruneSessions();
  let stopped = false;
  const levels = keepMissingLevels(db, () => stopped).catch((error: unknown) =>
    log.error({ err: error }, 'scoring approvals for the overview'),
  );
  const sessionTimer = setInterval(pruneSessions, PRUNE_EVERY_MS);
  sessionTimer.unref();
  return {
    wake: () => jobWorker.wake(),
    async stop() {
      stopKeys();
      clearInterval(sessionTimer);
      stopped = true;
      await levels;
      await jobWorker.stop();
    },
  };
}
