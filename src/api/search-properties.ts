import { infiniteQueryOptions, keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PropertySearchResult } from '../../shared/contract/dto';
import { apiRequest, apiResponse } from './http';
import { withResidenceId } from '../../shared/rules/location';
import { SEARCH_MIN_LENGTH } from '../../shared/contract/limits';
import { parseTotalHeader, TOTAL_COUNT_HEADER, type SearchTotal } from '../../shared/rules/search-total';

export const propertySearchKeys = { all: ['propertySearch'] as const };

/** docs/product.md 5 and 9: a search runs only with more than 2 characters (the server's bound). */
export const MIN_SEARCH_LENGTH = SEARCH_MIN_LENGTH;
/** docs/product.md 5 and 9: a search waits until typing has paused this long. */
export const SEARCH_DEBOUNCE_MS = 500;
/** The header dropdown asks for 15. */
export const DROPDOWN_SIZE = 15;
/**
 * The results page asks for the hits a page of this many at a time, the next as the list nears
 * its end (docs/product.md 2), so that every hit can be reached however many there are.
 */
export const RESULTS_PAGE_SIZE = 100;

const searchPath = '/api/v2/properties/search';

export const searchPropertiesQueryOptions = (organizationId: string, query: string, size: number) =>
  queryOptions({
    queryKey: [...propertySearchKeys.all, organizationId, query, size],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<PropertySearchResult[]>(searchPath, {
          query: { query, size, page: 0, organizationId },
          signal,
        })
      ).map(withResidenceId),
  });

export function useSearchProperties(organizationId: string | undefined, query: string, size: number) {
  const trimmed = query.trim();
  return useQuery({
    ...searchPropertiesQueryOptions(organizationId ?? '', trimmed, size),
    enabled: !!organizationId && trimmed.length >= MIN_SEARCH_LENGTH,
    placeholderData: keepPreviousData,
  });
}

/** One page of the results page: its hits and the total the server sent with it (null: none). */
export interface SearchResultsPage {
  hits: PropertySearchResult[];
  total: SearchTotal | null;
}

/** Whether the pages so far leave hits to ask for: the last was full and the total says more. */
export function hasMoreHits(pages: readonly SearchResultsPage[]): boolean {
  const last = pages.at(-1);
  if (!last || last.hits.length < RESULTS_PAGE_SIZE) return false;
  const loaded = pages.reduce((sum, page) => sum + page.hits.length, 0);
  return !last.total?.exact || loaded < last.total.count;
}

/** The results page's hits, page by page (`X-Total-Count` gives the total, docs/api.md). */
export const searchResultsQueryOptions = (organizationId: string, query: string) =>
  infiniteQueryOptions({
    queryKey: [...propertySearchKeys.all, organizationId, query, 'pages', RESULTS_PAGE_SIZE],
    queryFn: async ({ pageParam, signal }): Promise<SearchResultsPage> => {
      const { body, headers } = await apiResponse<PropertySearchResult[]>(searchPath, {
        query: { query, size: RESULTS_PAGE_SIZE, page: pageParam, organizationId },
        signal,
      });
      return { hits: body.map(withResidenceId), total: parseTotalHeader(headers.get(TOTAL_COUNT_HEADER)) };
    },
    initialPageParam: 0,
    getNextPageParam: (_last, pages, lastPage) => (hasMoreHits(pages) ? lastPage + 1 : undefined),
  });

/**
 * The hits a cached search answer holds, whichever asked: the search box (an array) or the
 * results page (its pages). Null for anything else. The offline search reads them
 * (docs/architecture.md 2, "Taken along offline").
 */
export function cachedSearchHits(data: unknown): PropertySearchResult[] | null {
  if (Array.isArray(data)) return data as PropertySearchResult[];
  const pages = (data as { pages?: unknown } | null | undefined)?.pages;
  if (!Array.isArray(pages)) return null;
  return pages.flatMap((page: Partial<SearchResultsPage> | null) =>
    Array.isArray(page?.hits) ? page.hits : [],
  );
}
