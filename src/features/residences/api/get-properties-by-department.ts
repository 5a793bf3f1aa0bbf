import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PropertyRow } from '../../../api/dto';
import { apiRequest } from '../../../api/http';

export const propertiesByDepartmentQueryOptions = (departmentId: string) =>
  queryOptions({
    queryKey: ['propertiesByDepartment', departmentId],
    queryFn: ({ signal }) =>
      apiRequest<PropertyRow[]>('/api/v2/properties/propertiesbydepartment', {
        query: { locationId: departmentId },
        signal,
      }),
  });

export function usePropertiesByDepartment(departmentId: string) {
  return useQuery(propertiesByDepartmentQueryOptions(departmentId));
}
