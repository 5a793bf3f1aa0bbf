/**
 * The progress of one background job as the progress dialog shows it (docs/product.md 2 and 4,
 * docs/architecture.md 2 "Jobs: approving and bulk copy"). Hub messages and re-read job states
 * are merged so that progress never goes backwards: a late or repeated message cannot lower a
 * count, and a job that ended stays ended.
 */

/** `cancelled`: its owner stopped it (docs/api.md "Jobs", cancel); what was done stays done. */
export type JobPhase = 'running' | 'succeeded' | 'failed' | 'cancelled';

/** One item that was not done: its residence when known, and the server's Danish reason. */
export interface JobFailure {
  propertyId: string | null;
  message: string;
}

export interface JobProgress {
  jobId: string;
  currentCount: number;
  maxCount: number;
  /** Danish reasons of the items that failed, without repeats. */
  errors: string[];
  /** The items that failed, each once (an approval's hub message names none: the job's state does). */
  failures: JobFailure[];
  phase: JobPhase;
}

/** What a hub message or a re-read job state says. */
export interface ProgressReport {
  currentCount: number;
  maxCount: number;
  errors?: readonly string[];
  failures?: readonly JobFailure[];
  /** The server's word that the job ended (JobState.status, or a hub message's `cancelled`). */
  ended?: 'succeeded' | 'failed' | 'cancelled';
}

export function initialProgress(jobId: string): JobProgress {
  return { jobId, currentCount: 0, maxCount: 0, errors: [], failures: [], phase: 'running' };
}

/** docs/product.md 4: a job is complete when currentCount equals maxCount. */
export function mergeProgress(current: JobProgress, report: ProgressReport): JobProgress {
  if (current.phase !== 'running') return current;
  const maxCount = Math.max(current.maxCount, report.maxCount);
  const currentCount = Math.min(Math.max(current.currentCount, report.currentCount), maxCount);
  const errors = [...current.errors];
  const reported = [...(report.errors ?? []), ...(report.failures ?? []).map((f) => f.message)];
  for (const error of reported) if (!errors.includes(error)) errors.push(error);
  const failures = mergeFailures(current.failures, report.failures ?? []);
  if (report.ended === 'cancelled') {
    // Stopped part-way: the count says how far it came.
    return { jobId: current.jobId, currentCount, maxCount, errors, failures, phase: 'cancelled' };
  }
  const complete = report.ended !== undefined || (maxCount > 0 && currentCount >= maxCount);
  const failed = report.ended === 'failed' || errors.length > 0;
  const phase: JobPhase = complete ? (failed ? 'failed' : 'succeeded') : 'running';
  return {
    jobId: current.jobId,
    currentCount: complete ? maxCount : currentCount,
    maxCount,
    errors,
    failures,
    phase,
  };
}

function mergeFailures(known: readonly JobFailure[], reported: readonly JobFailure[]): JobFailure[] {
  const result = [...known];
  for (const failure of reported) {
    const seen = result.some((f) => f.propertyId === failure.propertyId && f.message === failure.message);
    if (!seen) result.push(failure);
  }
  return result;
}

/**
 * The ended job's items as the server keeps them (GET /api/v2/jobs/{jobId}): they replace what
 * the hub's messages said, which for an approval names no residence.
 */
export function withFailures(progress: JobProgress, failures: readonly JobFailure[]): JobProgress {
  return { ...progress, failures: mergeFailures([], failures) };
}

/** How many residences a failed job's dialog names per reason before "and n more". */
export const NAMED_FAILURES = 5;

/**
 * The failed dialog's lines (which items were not done, and why): one per reason, with the
 * residences it hit, as `nameOf` knows them (the job's own list on this device).
 */
export function describeFailures(
  progress: JobProgress,
  nameOf: (propertyId: string) => string | undefined,
  andMore: (count: number) => string,
): string[] {
  return progress.errors.map((message) => {
    const names = progress.failures
      .filter((f) => f.message === message && f.propertyId !== null)
      .map((f) => nameOf(f.propertyId!))
      .filter((name): name is string => name !== undefined);
    if (names.length === 0) return message;
    const shown = names.slice(0, NAMED_FAILURES).join('; ');
    const more = names.length > NAMED_FAILURES ? ` ${andMore(names.length - NAMED_FAILURES)}` : '';
    return `${message} (${shown}${more})`;
  });
}

/** Singular or plural wording by count (docs/product.md 2): "1 vurdering", "2 vurderinger". */
export function pluralForm(count: number): 'one' | 'other' {
  return count === 1 ? 'one' : 'other';
}
