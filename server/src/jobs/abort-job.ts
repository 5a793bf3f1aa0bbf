import type { Kysely } from 'kysely';
import type { JobItemFailureCode } from '../../../shared/contract/error-codes';
import type { Database } from '../db/schema';
import { finalStatus, type JobCounts } from './job-counts';

/**
 * A job claimed more than MAX_ATTEMPTS times: its pending items fail with `message` and the
 * job finishes. Answers the counts and the last failed item, or null when the lease is lost.
 */
export async function abortJob(
  db: Kysely<Database>,
  params: { jobId: string; owner: string; now: Date; code: JobItemFailureCode; message: string },
): Promise<{ counts: JobCounts; lastPropertyId: string | null } | null> {
  const { jobId, owner, now, code, message } = params;
  return db.transaction().execute(async (trx) => {
    const job = await trx
      .selectFrom('jobs')
      .select(['lease_owner'])
      .where('id', '=', jobId)
      .forUpdate()
      .executeTakeFirst();
    if (!job || job.lease_owner !== owner) return null;
    const failed = await trx
      .updateTable('job_items')
      .set({ status: 'failed', error_code: code, error_message: message, updated_at: now })
      .where('job_id', '=', jobId)
      .where('status', '=', 'pending')
      .returning(['position', 'property_id'])
      .execute();
    const last = failed.reduce<(typeof failed)[number] | null>(
      (a, b) => (a === null || b.position > a.position ? b : a),
      null,
    );
    const counted = await trx
      .updateTable('jobs')
      .set((eb) => ({
        current_count: eb('current_count', '+', failed.length),
        error_count: eb('error_count', '+', failed.length),
        updated_at: now,
      }))
      .where('id', '=', jobId)
      .returning(['current_count', 'max_count', 'error_count'])
      .executeTakeFirstOrThrow();
    const status = finalStatus(counted.error_count, counted.max_count);
    await trx
      .updateTable('jobs')
      .set({ status, lease_owner: null, locked_until: null, finished_at: now })
      .where('id', '=', jobId)
      .execute();
    return {
      lastPropertyId: last?.property_id ?? null,
      counts: {
        status,
        currentCount: counted.current_count,
        maxCount: counted.max_count,
        errorCount: counted.error_count,
      },
    };
  });
}
