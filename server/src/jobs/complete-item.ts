import type { Kysely, Transaction } from 'kysely';
import type { JobItemFailureCode } from '../../../shared/contract/error-codes';
import type { Database, JobItemStatus, JobStatus } from '../db/schema';
import { LeaseLostError } from './errors';
import { finalStatus, type JobCounts } from './job-counts';

/**
 * A job's items one at a time (docs/architecture.md 4 "Jobs"): the next one due, and its
 * transaction, which checks the lease, does the domain write, records the outcome and counts it.
 */

export interface PendingItem {
  position: number;
  propertyId: string;
  assessmentId: string | null;
  validFrom: string | null;
}

/** The first item of the job not yet done, in request order. */
export async function nextPendingItem(db: Kysely<Database>, jobId: string): Promise<PendingItem | undefined> {
  return (await nextPendingItems(db, jobId, 1))[0];
}

/**
 * The next `limit` items of the job not yet done, in request order: a worker reads them a batch
 * at a time, not one statement per item. Each is checked again, locked, when it is done
 * (`completeItem`), so one that was cancelled or done meanwhile is skipped.
 */
export async function nextPendingItems(
  db: Kysely<Database>,
  jobId: string,
  limit: number,
): Promise<PendingItem[]> {
  const rows = await db
    .selectFrom('job_items')
    .select(['position', 'property_id', 'assessment_id', 'valid_from'])
    .where('job_id', '=', jobId)
    .where('status', '=', 'pending')
    .orderBy('position')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    position: row.position,
    propertyId: row.property_id,
    assessmentId: row.assessment_id,
    validFrom: row.valid_from,
  }));
}

/** What happened to one item. */
export type ItemOutcome =
  | { status: 'done'; resultId: string | null }
  | { status: 'skipped' }
  | { status: 'failed'; code: JobItemFailureCode; message: string };

/**
 * One item in one transaction: locks the job row and checks that `owner` still holds it
 * (LeaseLostError otherwise), locks the item (null when it is no longer pending: nothing is
 * done twice), runs `work` (the domain write, in the same transaction), records the outcome
 * on the item, counts it (failed items count too) and renews the lease; the last item
 * finishes the job and frees it.
 */
export async function completeItem(
  db: Kysely<Database>,
  params: { jobId: string; owner: string; position: number; now: Date; leaseMs: number },
  work: (trx: Transaction<Database>) => Promise<ItemOutcome>,
): Promise<{ outcome: ItemOutcome; counts: JobCounts } | null> {
  const { jobId, owner, position, now, leaseMs } = params;
  return db.transaction().execute(async (trx) => {
    const job = await trx
      .selectFrom('jobs')
      .select(['lease_owner', 'max_count'])
      .where('id', '=', jobId)
      .forUpdate()
      .executeTakeFirst();
    if (!job || job.lease_owner !== owner) throw new LeaseLostError(jobId);
    const item = await trx
      .selectFrom('job_items')
      .select('status')
      .where('job_id', '=', jobId)
      .where('position', '=', position)
      .forUpdate()
      .executeTakeFirst();
    if (!item || item.status !== 'pending') return null;

    const outcome = await work(trx);
    await trx
      .updateTable('job_items')
      .set({
        status: outcome.status satisfies JobItemStatus,
        result_id: outcome.status === 'done' ? outcome.resultId : null,
        error_code: outcome.status === 'failed' ? outcome.code : null,
        error_message: outcome.status === 'failed' ? outcome.message : null,
        updated_at: now,
      })
      .where('job_id', '=', jobId)
      .where('position', '=', position)
      .execute();
    const failed = outcome.status === 'failed' ? 1 : 0;
    const counted = await trx
      .updateTable('jobs')
      .set((eb) => ({
        current_count: eb('current_count', '+', 1),
        error_count: eb('error_count', '+', failed),
        locked_until: new Date(now.getTime() + leaseMs),
        updated_at: now,
      }))
      .where('id', '=', jobId)
      .returning(['current_count', 'max_count', 'error_count'])
      .executeTakeFirstOrThrow();
    let status: JobStatus = 'running';
    if (counted.current_count >= counted.max_count) {
      status = finalStatus(counted.error_count, counted.max_count);
      await trx
        .updateTable('jobs')
        .set({ status, lease_owner: null, locked_until: null, finished_at: now })
        .where('id', '=', jobId)
        .execute();
    }
    return {
      outcome,
      counts: {
        status,
        currentCount: counted.current_count,
        maxCount: counted.max_count,
        errorCount: counted.error_count,
      },
    };
  });
}
