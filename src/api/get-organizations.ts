import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './http';

export const organizationsKeys = { all: ['organizations'] as const };

export interface Organization {
  id: string;
  name: string;
}

export const organizationsQueryOptions = () =>
  queryOptions({
    queryKey: [...organizationsKeys.all],
    queryFn: ({ signal }) => apiRequest<Organization[]>('/api/v2/organizations/getorganizations', { signal }),
  });

/** Only with a token (docs/product.md 7). */
export function useOrganizations(enabled = true) {
  return useQuery({ ...organizationsQueryOptions(), enabled });
}
