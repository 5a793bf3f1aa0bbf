import { queryOptions } from '@tanstack/react-query';
import type { JobState } from './dto';
import { apiRequest } from './http';

export const jobKeys = {
  all: ['job'] as const,
  one: (jobId: string) => [...jobKeys.all, jobId] as const,
};

/** GET /api/v2/jobs/{jobId}: a job's state, re-read after a reconnect, a lost hub or a reload. */
export function getJob(jobId: string, signal?: AbortSignal): Promise<JobState> {
  return apiRequest<JobState>(`/api/v2/jobs/${encodeURIComponent(jobId)}`, { signal });
}

export const jobQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: jobKeys.one(jobId),
    queryFn: ({ signal }) => getJob(jobId, signal),
  });
