import { finishAssessments, type ApproveItem } from '../api/finish-assessments';
import type { StoredJob } from '../offline/client-state';
import { jobProgress } from './job-progress';

/**
 * The route's check before an approval is queued: sends the answers of the assessments to approve
 * that are still in the outbox and says whether all of them reached the server (docs/architecture.md
 * 2: never approve an assessment whose last answers are still on the phone).
 */
export type SendWaitingAnswers = () => Promise<boolean>;

/** How a start ended: the job runs and is followed, or answers stayed on the device and nothing was queued. */
export type ApprovalStartOutcome = 'started' | 'answersWaiting';

/**
 * Starting an approval, of one assessment (the results page) or of many (bulk mode, docs/product.md
 * 4): the answers still on the device first, then the finish request, then the job's progress
 * (src/hub/job-progress.ts). A refused request rejects; `sending` says while the answers go.
 */
export async function startApproval(input: {
  items: readonly ApproveItem[];
  idempotencyKey?: string;
  sendWaitingAnswers?: SendWaitingAnswers;
  sending?: (sending: boolean) => void;
  /** What the progress dialog and a reload need to know of the job besides its id. */
  job: Omit<StoredJob, 'jobId'>;
}): Promise<ApprovalStartOutcome> {
  if (input.sendWaitingAnswers) {
    input.sending?.(true);
    const allSent = await input.sendWaitingAnswers().finally(() => input.sending?.(false));
    if (!allSent) return 'answersWaiting';
  }
  await jobProgress.prepare();
  const { jobId } = await finishAssessments(
    input.items,
    input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : {},
  );
  await jobProgress.track({ ...input.job, jobId });
  return 'started';
}
