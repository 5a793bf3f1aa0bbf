import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PropertySearchResult } from './dto';
import { apiRequest } from './http';
import { withResidenceId } from '../domain/location';

export const propertySearchKeys = { all: ['propertySearch'] as const };

/** docs/product.md 5 and 9: a search runs only with more than 2 characters. */
export const MIN_SEARCH_LENGTH = 3;
/** The header dropdown asks for 15; the results page for this many. */
export const DROPDOWN_SIZE = 15;
export const RESULTS_PAGE_SIZE = 1000;

export const searchPropertiesQueryOptions = (organizationId: string, query: string, size: number) =>
  queryOptions({
    queryKey: [...propertySearchKeys.all, organizationId, query, size],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<PropertySearchResult[]>('/api/v2/properties/search', {
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
