import { queryOptions } from '@tanstack/react-query';
import type { PropertyRow } from '../../shared/contract/dto';
import { apiRequest } from './http';

export const propertiesByDepartmentKeys = { all: ['propertiesByDepartment'] as const };

export const propertiesByDepartmentQueryOptions = (departmentId: string) =>
  queryOptions({
    queryKey: [...propertiesByDepartmentKeys.all, departmentId],
    queryFn: ({ signal }) =>
      apiRequest<PropertyRow[]>('/api/v2/properties/propertiesbydepartment', {
        query: { locationId: departmentId },
        signal,
      }),
  });
