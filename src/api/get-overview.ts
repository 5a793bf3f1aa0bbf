import { queryOptions, useQuery } from '@tanstack/react-query';
import { OVERVIEW_EXTENSION, type OrganizationOverview } from '../../shared/contract/overview';
import { staticContentQueryOptions } from './get-static-content';
import { apiRequest } from './http';

export const overviewKeys = { all: ['overview'] as const };

/** GET /api/v2/ext/overview (docs/api.md "Extensions"): where each department stands. */
export const overviewQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: [...overviewKeys.all, organizationId],
    queryFn: ({ signal }) =>
      apiRequest<OrganizationOverview>('/api/v2/ext/overview', { query: { organizationId }, signal }),
  });

/**
 * Whether the server answers the overview: it says so in staticcontent's `extensions`. A server
 * with only the spec's API does not, and the app shows no way to the overview.
 */
export function useHasOverview(): boolean {
  const { data } = useQuery({
    ...staticContentQueryOptions(),
    select: (content) => content.extensions?.includes(OVERVIEW_EXTENSION) ?? false,
  });
  return data ?? false;
}
