import type { QueryClient } from '@tanstack/react-query';
import { connectivity } from '../../api/connectivity';
import { FRESH_WAIT_MS } from '../../api/fresh-query';
import { ApiError } from '../../api/http';
import { searchResultsQueryOptions } from '../../api/search-properties';

/** Where the results page's hits come from: the server's search, or what the device holds. */
export type SearchSource = 'server' | 'device';

/**
 * The results page's loader (docs/product.md 2 "Routes"): online the server's search; offline the
 * device's residences, without asking (the request could only fail). A search whose request
 * found no network counts as offline too (docs/architecture.md 2, "Lie-fi is offline"), so the
 * page shows what the device holds instead of "Siden er ikke på enheden"; so does one the server
 * has not answered within `waitMs`, rather than a page that waits for the request's time-out. Its
 * answer still lands in the cache, and the page then shows it (search-results.tsx).
 */
export async function loadSearchResults(
  queryClient: QueryClient,
  organizationId: string,
  query: string,
  waitMs: number = FRESH_WAIT_MS,
): Promise<SearchSource> {
  if (!connectivity.isOnline()) return 'device';
  // The first page; the page asks for the rest as the user scrolls (docs/product.md 2).
  const answered = queryClient
    .ensureInfiniteQueryData(searchResultsQueryOptions(organizationId, query.trim()))
    .then((): SearchSource => 'server');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const silent = new Promise<SearchSource>((resolve) => {
    timer = setTimeout(() => resolve('device'), waitMs);
  });
  try {
    return await Promise.race([answered, silent]);
  } catch (error) {
    if (error instanceof ApiError && error.isNetworkFailure) return 'device';
    throw error;
  } finally {
    clearTimeout(timer);
    // A late failure is no news: the page shows the device's hits already.
    answered.catch(() => undefined);
  }
}
