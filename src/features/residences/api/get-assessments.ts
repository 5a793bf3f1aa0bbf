import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AssessmentIds } from '../../../api/dto';
import { apiRequest } from '../../../api/http';

export const propertyAssessmentsQueryOptions = (propertyId: string) =>
  queryOptions({
    queryKey: ['propertyAssessments', propertyId],
    queryFn: ({ signal }) =>
      apiRequest<AssessmentIds>('/api/v2/assessment/getassessments', { query: { propertyId }, signal }),
  });

export function usePropertyAssessments(propertyId: string) {
  return useQuery(propertyAssessmentsQueryOptions(propertyId));
}
