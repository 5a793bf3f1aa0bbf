/**
 * The job queue on PostgreSQL (docs/architecture.md 4 "Jobs"): `jobs` holds one row per copy
 * or finish job with its lease and counters, `job_items` one row per target. A worker claims
 * a job with FOR UPDATE SKIP LOCKED and holds it by a lease (`lease_owner`, `locked_until`)
 * that every finished item renews; a job whose worker died is claimed again once the lease
 * has run out. Every item is one transaction that checks the lease, does the domain write,
 * marks the item and advances the counters, so a rerun skips finished items.
 *
 * Fair: a claim takes the organization whose jobs had their turn longest ago, then that
 * organization's user likewise; a worker gives its job back after an item when another
 * organization or user is waiting (`othersWaiting`, `handBackJob`). A job may be cancelled by its
 * owner (`cancelJob`), which takes the lease away: the item under way ends, no other starts.
 *
 * Each step is a sibling module (enqueue-job, claim-job, complete-item, release-job, abort-job,
 * cancel-job); this one holds the limits and is what the routes and the worker import.
 */

/** How long a claim holds a job without progress. */
export const DEFAULT_LEASE_MS = 30_000;
/** Claims of one job before its remaining items are failed (a job that keeps crashing its worker). */
export const MAX_ATTEMPTS = 5;
/** Items of one job (docs/api.md): the contract's bound, which the request schema enforces. */
export { MAX_JOB_ITEMS } from '../../../shared/contract/limits';
/** Items of one fake job (`isFakeJob`, a demonstration; docs/api.md). */
export const MAX_FAKE_JOB_ITEMS = 100;

export { QueueFullError, enqueueJob, type EnqueueCommand, type NewJobItem } from './enqueue-job';
export { claimJob, othersWaiting, type ClaimedJob } from './claim-job';
export { handBackJob, releaseJob } from './release-job';
export { cancelJob, type CancelResult } from './cancel-job';
export { finalStatus, type JobCounts } from './job-counts';
export {
  completeItem,
  nextPendingItem,
  nextPendingItems,
  type ItemOutcome,
  type PendingItem,
} from './complete-item';
export { abortJob } from './abort-job';
