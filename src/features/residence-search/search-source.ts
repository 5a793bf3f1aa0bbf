import type { QueryClient } from '@tanstack/react-query';
import { connectivity } from '../../api/connectivity';
import { ApiError } from '../../api/http';
import { searchResultsQueryOptions } from '../../api/search-properties';

/** Where the results page's hits come from: the server's search, or what the device holds. */
export type SearchSource = 'server' | 'device';

/**
 * The results page's loader (docs/product.md 2 "Routes"): online the server's search; offline the
 * device's residences, without asking (the request could only fail). A search whose request
 * found no network counts as offline too (docs/architecture.md 2, "Lie-fi is offline"), so the
 * page shows what the device holds instead of "Siden er ikke på enheden".
 */
export async function loadSearchResults(
  queryClient: QueryClient,
  organizationId: string,
  query: string,
): Promise<SearchSource> {
  if (!connectivity.isOnline()) return 'device';
  try {
    // The first page; the page asks for the rest as the user scrolls (docs/product.md 2).
    await queryClient.ensureInfiniteQueryData(searchResultsQueryOptions(organizationId, query.trim()));
    return 'server';
  } catch (error) {
    if (error instanceof ApiError && error.isNetworkFailure) return 'device';
    throw error;
  }
}
