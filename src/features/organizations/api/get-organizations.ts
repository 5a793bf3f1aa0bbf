import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../api/http';

export interface Organization {
  id: string;
  name: string;
}

export const organizationsQueryOptions = () =>
  queryOptions({
    queryKey: ['organizations'],
    queryFn: ({ signal }) => apiRequest<Organization[]>('/api/v2/organizations/getorganizations', { signal }),
  });

/** Only with a token (spec 7). */
export function useOrganizations(enabled = true) {
  return useQuery({ ...organizationsQueryOptions(), enabled });
}
