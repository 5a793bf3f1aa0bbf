import type { QueryClient } from '@tanstack/react-query';
import { freshOrCached } from '../../api/fresh-query';
import { searchResultsQueryOptions } from '../../api/search-properties';

/** Where the results page's hits come from: the server's search, or what the device holds. */
export type SearchSource = 'server' | 'device';

/**
 * The results page's loader (docs/product.md 2 "Routes"): online the server's search; offline the
 * device's residences, without asking (the request could only fail). A search whose request
 * found no network counts as offline too (docs/architecture.md 2, "Lie-fi is offline"), so the
 * page shows what the device holds instead of "Siden er ikke på enheden"; so does one the server
 * has not answered within FRESH_WAIT_MS, rather than a page that waits for the request's time-out:
 * the device's hits are the copy freshOrCached falls back to. The late answer still lands in the
 * cache, and the page then shows it (search-results.tsx).
 */
export function loadSearchResults(
  queryClient: QueryClient,
  organizationId: string,
  query: string,
): Promise<SearchSource> {
  return freshOrCached<SearchSource>(
    // The first page; the page asks for the rest as the user scrolls (docs/product.md 2).
    () =>
      queryClient
        .ensureInfiniteQueryData(searchResultsQueryOptions(organizationId, query.trim()))
        .then(() => 'server'),
    'device',
  );
}
