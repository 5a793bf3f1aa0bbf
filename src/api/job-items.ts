import { infiniteQueryOptions } from '@tanstack/react-query';
import type { JobItemOutcome, JobItemsPage } from '../../shared/contract/dto';
import { apiRequest } from './http';

/** Items per page of a job's result list: a few screens of rows, one short request. */
export const JOB_ITEMS_PAGE = 200;

export const jobItemsKeys = {
  all: ['jobItems'] as const,
  of: (jobId: string) => [...jobItemsKeys.all, jobId] as const,
};

/** GET /api/v2/jobs/{jobId}/items: one page of a job's items (docs/api.md "Jobs"). */
export function getJobItems(
  jobId: string,
  page: { offset: number; limit?: number; outcome?: JobItemOutcome },
  signal?: AbortSignal,
): Promise<JobItemsPage> {
  const query = new URLSearchParams({
    offset: String(page.offset),
    limit: String(page.limit ?? JOB_ITEMS_PAGE),
  });
  if (page.outcome) query.set('outcome', page.outcome);
  return apiRequest<JobItemsPage>(`/api/v2/jobs/${encodeURIComponent(jobId)}/items?${query}`, { signal });
}

/**
 * A job's items page by page, as its result list scrolls (docs/product.md 4 "Bulk mode"): the
 * first page carries the counts of the whole job. `outcome` narrows the list (the failed ones).
 */
export const jobItemsQueryOptions = (jobId: string, outcome?: JobItemOutcome) =>
  infiniteQueryOptions({
    queryKey: [...jobItemsKeys.of(jobId), outcome ?? 'all'],
    queryFn: ({ pageParam, signal }) => getJobItems(jobId, { offset: pageParam, outcome }, signal),
    initialPageParam: 0,
    getNextPageParam: (last: JobItemsPage) => {
      const next = last.offset + last.items.length;
      return last.items.length > 0 && next < last.total ? next : undefined;
    },
  });
