import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Department } from '../../shared/contract/dto';
import { apiRequest } from './http';

export const departmentsKeys = { all: ['departments'] as const };

export const departmentsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: [...departmentsKeys.all, organizationId],
    queryFn: ({ signal }) =>
      apiRequest<Department[]>('/api/v2/properties/availabledepartments', {
        query: { organizationId },
        signal,
      }),
  });

export function useDepartments(organizationId: string | undefined) {
  return useQuery({ ...departmentsQueryOptions(organizationId ?? ''), enabled: !!organizationId });
}
