import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AssessmentListEntry } from '../../../api/dto';
import { apiRequest } from '../../../api/http';

export const activeAssessmentsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: ['activeAssessments', organizationId],
    queryFn: ({ signal }) =>
      apiRequest<AssessmentListEntry[]>('/api/v2/assessment/getactiveassessments', {
        query: { organizationId },
        signal,
      }),
  });

export function useActiveAssessments(organizationId: string | undefined) {
  return useQuery({ ...activeAssessmentsQueryOptions(organizationId ?? ''), enabled: !!organizationId });
}
