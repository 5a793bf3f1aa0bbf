import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Keeps a query in the cache until it is removed: what was taken along offline, and what only
 * this device holds (an assessment started offline), outlives the 15 minutes an unused query
 * lives (docs/architecture.md 2 "Reads", "Taken along offline"). A query's gcTime only ever
 * grows (TanStack's `updateGcTime` takes the larger), so an observer with the 15-minute default
 * never shortens it again. Here rather than beside the QueryClient in `src/app`: the features
 * that take data along call it too, and no feature imports `app` (docs/architecture.md 7).
 */
export function keepWithoutTimeLimit(query: Query): void {
  query.setOptions({ ...query.options, gcTime: Infinity });
}

/**
 * The query of exactly this key, looked up by its hash in the cache's own index. The cache's
 * `find` compares the key with every query it holds (hashing it each time): a take along of a
 * big department asks for ten thousand keys among ten thousand queries.
 */
export function cachedQuery(queryClient: QueryClient, queryKey: QueryKey): Query | undefined {
  return queryClient.getQueryCache().get(queryClient.defaultQueryOptions({ queryKey }).queryHash);
}
