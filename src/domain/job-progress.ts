/**
 * The progress of one background job as the progress dialog shows it (docs/product.md 2 and 4,
 * docs/architecture.md 2 "Bulk jobs"). Hub messages and re-read job states are merged so that
 * progress never goes backwards: a late or repeated message cannot lower a count, and a job
 * that ended stays ended.
 */

export type JobPhase = 'running' | 'succeeded' | 'failed';

export interface JobProgress {
  jobId: string;
  currentCount: number;
  maxCount: number;
  /** Danish reasons of the items that failed, without repeats. */
  errors: string[];
  phase: JobPhase;
}

/** What a hub message or a re-read job state says. */
export interface ProgressReport {
  currentCount: number;
  maxCount: number;
  errors?: readonly string[];
  /** The server's word that the job ended (JobState.status); absent in hub messages. */
  ended?: 'succeeded' | 'failed';
}

export function initialProgress(jobId: string): JobProgress {
  return { jobId, currentCount: 0, maxCount: 0, errors: [], phase: 'running' };
}

/** docs/product.md 4: a job is complete when currentCount equals maxCount. */
export function mergeProgress(current: JobProgress, report: ProgressReport): JobProgress {
  if (current.phase !== 'running') return current;
  const maxCount = Math.max(current.maxCount, report.maxCount);
  const currentCount = Math.min(Math.max(current.currentCount, report.currentCount), maxCount);
  const errors = [...current.errors];
  for (const error of report.errors ?? []) if (!errors.includes(error)) errors.push(error);
  const complete = report.ended !== undefined || (maxCount > 0 && currentCount >= maxCount);
  const failed = report.ended === 'failed' || errors.length > 0;
  const phase: JobPhase = complete ? (failed ? 'failed' : 'succeeded') : 'running';
  return { jobId: current.jobId, currentCount: complete ? maxCount : currentCount, maxCount, errors, phase };
}

/** Singular or plural wording by count (docs/product.md 2): "1 vurdering", "2 vurderinger". */
export function pluralForm(count: number): 'one' | 'other' {
  return count === 1 ? 'one' : 'other';
}
