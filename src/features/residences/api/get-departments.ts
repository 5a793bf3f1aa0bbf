import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Department } from '../../../api/dto';
import { apiRequest } from '../../../api/http';

export const departmentsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: ['departments', organizationId],
    queryFn: ({ signal }) =>
      apiRequest<Department[]>('/api/v2/properties/availabledepartments', {
        query: { organizationId },
        signal,
      }),
  });

export function useDepartments(organizationId: string | undefined) {
  return useQuery({ ...departmentsQueryOptions(organizationId ?? ''), enabled: !!organizationId });
}
