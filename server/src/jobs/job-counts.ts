import type { JobStatus } from '../db/schema';

export interface JobCounts {
  status: JobStatus;
  currentCount: number;
  maxCount: number;
  errorCount: number;
}

/** The status of a job once every item is processed. */
export function finalStatus(errorCount: number, maxCount: number): JobStatus {
  if (errorCount === 0) return 'succeeded';
  return errorCount >= maxCount ? 'failed' : 'partlyFailed';
}
