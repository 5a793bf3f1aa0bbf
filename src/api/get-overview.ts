import { queryOptions } from '@tanstack/react-query';
import { OVERVIEW_EXTENSION, type OrganizationOverview } from '../../shared/contract/overview';
import { useHasExtension } from './extensions';
import { apiRequest } from './http';

export const overviewKeys = { all: ['overview'] as const };

/** GET /api/v2/ext/overview (docs/api.md "Extensions"): where each department stands. */
export const overviewQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: [...overviewKeys.all, organizationId],
    queryFn: ({ signal }) =>
      apiRequest<OrganizationOverview>('/api/v2/ext/overview', { query: { organizationId }, signal }),
  });

/** Whether the server answers the overview; otherwise the app shows no way to it. */
export const useHasOverview = (): boolean => useHasExtension(OVERVIEW_EXTENSION);
