import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * The two ways a worker lets go of its lease before the job is done (docs/architecture.md 4
 * "Jobs"): after an error, with a back-off, or handed back at once for another's turn or a
 * shutdown.
 */

/**
 * Gives a job back after an unexpected error: no lease, due again after a back-off that grows
 * with its attempts. Items already finished stay finished.
 */
export async function releaseJob(
  db: Kysely<Database>,
  jobId: string,
  owner: string,
  now: Date,
  error: string,
  attempts: number,
): Promise<void> {
  await db
    .updateTable('jobs')
    .set({
      lease_owner: null,
      locked_until: null,
      run_after: new Date(now.getTime() + 2_000 * 2 ** Math.min(attempts, 8)),
      last_error: error.slice(0, 2000),
      updated_at: now,
    })
    .where('id', '=', jobId)
    .where('lease_owner', '=', owner)
    .execute();
}

/**
 * Gives a job back at once because its worker is shutting down (docs/architecture.md "Shutdown"):
 * another process, or this one after its restart, claims it right away, and the claim this
 * worker made does not count as one of the job's attempts. Also after an item when others are
 * waiting (`othersWaiting`): the next claim picks by turn. Either way the job keeps its place
 * among its user's jobs (run_after and created_at are untouched).
 */
export async function handBackJob(
  db: Kysely<Database>,
  jobId: string,
  owner: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('jobs')
    .set((eb) => ({
      lease_owner: null,
      locked_until: null,
      attempts: eb('attempts', '-', 1),
      updated_at: now,
    }))
    .where('id', '=', jobId)
    .where('lease_owner', '=', owner)
    .execute();
}
