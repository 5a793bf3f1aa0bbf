import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AssessmentListEntry } from '../../shared/contract/dto';
import { apiRequest } from './http';

export const activeAssessmentsKeys = { all: ['activeAssessments'] as const };

export const activeAssessmentsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: [...activeAssessmentsKeys.all, organizationId],
    queryFn: ({ signal }) =>
      apiRequest<AssessmentListEntry[]>('/api/v2/assessment/getactiveassessments', {
        query: { organizationId },
        signal,
      }),
  });

export function useActiveAssessments(organizationId: string | undefined) {
  return useQuery({ ...activeAssessmentsQueryOptions(organizationId ?? ''), enabled: !!organizationId });
}
