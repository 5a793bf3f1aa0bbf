import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Organization } from '../../shared/contract/dto';
import { apiRequest } from './http';

export const organizationsKeys = { all: ['organizations'] as const };

/** The contract's organization (docs/api.md "The contract"). */
export type { Organization };

export const organizationsQueryOptions = () =>
  queryOptions({
    queryKey: [...organizationsKeys.all],
    queryFn: ({ signal }) => apiRequest<Organization[]>('/api/v2/organizations/getorganizations', { signal }),
  });

/** Only with a token (docs/product.md 7). */
export function useOrganizations(enabled = true) {
  return useQuery({ ...organizationsQueryOptions(), enabled });
}
