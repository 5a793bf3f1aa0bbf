import type { Kysely } from 'kysely';
import type { FailedJobItem, JobState } from '../../../shared/contract/jobs';
import type { AuthUser } from '../auth/guard';
import type { Database } from '../db/schema';
import { ownJob } from './own-job';

/**
 * The job's state for its own user (GET /api/v2/jobs/{jobId}); undefined for another user's job,
 * one of an organization the user has left since, or a missing one: a 403 would tell which ids
 * exist.
 */
export async function readJobState(
  db: Kysely<Database>,
  user: AuthUser,
  jobId: string,
): Promise<JobState | undefined> {
  const job = await ownJob(db, { userId: user.id, organizationIds: user.organizationIds }, jobId)
    ?.select(['id', 'kind', 'status', 'current_count', 'max_count', 'error_count'])
    .executeTakeFirst();
  if (!job) return undefined;
  const items = await db
    .selectFrom('job_items')
    .select(['property_id', 'assessment_id', 'status', 'result_id', 'error_code', 'error_message'])
    .where('job_id', '=', job.id)
    .where('status', 'in', ['failed', 'done'])
    .orderBy('position')
    .execute();
  const failedItems: FailedJobItem[] = items
    .filter((i) => i.status === 'failed')
    .map((i) => ({
      propertyId: i.property_id,
      assessmentId: i.assessment_id,
      code: i.error_code ?? 'FAILED',
      message: i.error_message ?? '',
    }));
  const copied =
    job.kind === 'copy'
      ? items
          .filter((i) => i.status === 'done' && i.result_id !== null)
          .map((i) => ({ propertyId: i.property_id, newAssessmentId: i.result_id! }))
      : [];
  return {
    jobId: job.id,
    kind: job.kind,
    status: job.status,
    currentCount: job.current_count,
    maxCount: job.max_count,
    errorCount: job.error_count,
    failedItems,
    copied,
  };
}
