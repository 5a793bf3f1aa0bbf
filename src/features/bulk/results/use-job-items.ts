import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { JobItem } from '../../../../shared/contract/dto';
import { jobItemsQueryOptions } from '../../../api/job-items';

/**
 * A finished job's items as its result page lists them (docs/api.md "Jobs"): the pages read so
 * far, in request order, with the counts of the whole job from the first page. `loadMore` asks
 * for the next page (the list calls it as the rows in view near the last one read).
 */
export function useJobItems(jobId: string) {
  const query = useSuspenseInfiniteQuery(jobItemsQueryOptions(jobId));
  const { pages } = query.data;
  const items = useMemo<JobItem[]>(() => pages.flatMap((page) => page.items), [pages]);
  const first = pages[0]!;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return {
    items,
    kind: first.kind,
    status: first.status,
    counts: first.counts,
    total: first.total,
    loadMore,
    /** The next page could not be read (offline, or the server failed): the list offers a retry. */
    loadFailed: query.isFetchNextPageError,
    retry: () => void fetchNextPage(),
  };
}

export type JobItems = ReturnType<typeof useJobItems>;
