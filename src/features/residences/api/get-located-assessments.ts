import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AssessmentListEntry, LocatedAssessmentRequestItem } from '../../../api/dto';
import { apiRequest } from '../../../api/http';

export const locatedAssessmentsQueryOptions = (items: LocatedAssessmentRequestItem[]) =>
  queryOptions({
    queryKey: ['locatedAssessments', items],
    queryFn: ({ signal }) =>
      apiRequest<AssessmentListEntry[]>('/api/v2/assessment/getlocatedassessments', {
        method: 'POST',
        body: items,
        signal,
      }),
  });

export function useLocatedAssessments(items: LocatedAssessmentRequestItem[] | undefined) {
  return useQuery({ ...locatedAssessmentsQueryOptions(items ?? []), enabled: !!items && items.length > 0 });
}
