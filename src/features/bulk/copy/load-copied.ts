import type { QueryClient } from '@tanstack/react-query';
import { jobItemsQueryOptions } from '../../../api/job-items';
import { bulkStore } from '../../../offline/bulk-state';

/**
 * The loader of /copied and /copiedproperties (docs/product.md 2): the first page of the copy
 * job's items, with the counts of the whole job, before the list shows.
 */
export async function loadCopied(queryClient: QueryClient): Promise<void> {
  const state = bulkStore.getSnapshot();
  if (state.mode === 'copyComplete' && state.copyJobId !== null)
    await queryClient.ensureInfiniteQueryData(jobItemsQueryOptions(state.copyJobId));
}
