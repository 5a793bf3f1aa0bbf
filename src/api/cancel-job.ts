import type { JobState } from '../../shared/contract/dto';
import { apiRequest } from './http';

/**
 * POST /api/v2/jobs/{jobId}/cancel: the owner's Stop (docs/api.md "Jobs"). Answers the stopped
 * job's state; a job that had already ended is a 409 JOB_ENDED whose body holds its state.
 */
export function cancelJob(jobId: string): Promise<JobState> {
  return apiRequest<JobState>(`/api/v2/jobs/${encodeURIComponent(jobId)}/cancel`, { method: 'POST' });
}
