import type { Kysely } from 'kysely';
import type { Database, JobStatus } from '../db/schema';
import type { JobCounts } from './job-counts';
import { ownJob } from './own-job';

/** What cancelJob found: the job's counts after it, or that it had already ended. */
export type CancelResult =
  | { cancelled: true; counts: JobCounts; organizationId: string }
  | { cancelled: false; status: JobStatus }
  | undefined;

/**
 * Stops a job for its owner (docs/api.md "Jobs", cancel). The job row is locked first: an item
 * under way holds that lock until it commits, so it ends done and counted, and a job that ends
 * at the same moment either ends first (then nothing is cancelled) or finds its lease gone
 * (LeaseLostError: no further item starts). Items not yet done become `cancelled`; done ones
 * stay done. Undefined when the user has no such job.
 */
export async function cancelJob(
  db: Kysely<Database>,
  params: { jobId: string; userId: string; organizationIds: readonly string[]; now: Date },
): Promise<CancelResult> {
  const { jobId, userId, organizationIds, now } = params;
  return db.transaction().execute(async (trx): Promise<CancelResult> => {
    const job = await ownJob(trx, { userId, organizationIds }, jobId)
      ?.select(['status', 'current_count', 'max_count', 'error_count', 'organization_id'])
      .forUpdate()
      .executeTakeFirst();
    if (!job) return undefined;
    if (job.status !== 'queued' && job.status !== 'running') return { cancelled: false, status: job.status };
    await trx
      .updateTable('job_items')
      .set({ status: 'cancelled', updated_at: now })
      .where('job_id', '=', jobId)
      .where('status', '=', 'pending')
      .execute();
    await trx
      .updateTable('jobs')
      .set({ status: 'cancelled', lease_owner: null, locked_until: null, finished_at: now, updated_at: now })
      .where('id', '=', jobId)
      .execute();
    return {
      cancelled: true,
      organizationId: job.organization_id,
      counts: {
        status: 'cancelled',
        currentCount: job.current_count,
        maxCount: job.max_count,
        errorCount: job.error_count,
      },
    };
  });
}
