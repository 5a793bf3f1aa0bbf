import type { JobState } from '../../shared/contract/dto';
import { apiRequest } from './http';

/**
 * GET /api/v2/jobs/{jobId}: a job's state, re-read after a reconnect, a lost hub or a reload
 * (docs/architecture.md 2 "Jobs"). Read straight, never from the query cache: a cached state
 * could move a progress dialog backwards.
 */
export function getJob(jobId: string, signal?: AbortSignal): Promise<JobState> {
  return apiRequest<JobState>(`/api/v2/jobs/${encodeURIComponent(jobId)}`, { signal });
}
