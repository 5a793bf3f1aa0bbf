import { queryOptions } from '@tanstack/react-query';
import type {
  AssessmentListEntry,
  LocatedAssessmentRequestItem,
  PropertyDetail,
} from '../../shared/contract/dto';
import { apiRequest } from './http';

export const locatedAssessmentsKeys = { all: ['locatedAssessments'] as const };

/** The residence's assessments as the located-assessments call asks for them, in its order. */
export function residenceAssessmentRefs(property: Pick<PropertyDetail, 'id' | 'vurderinger'>) {
  return property.vurderinger.map((v) => ({ propertyId: property.id, assessmentId: v.vurderingId }));
}

export const locatedAssessmentsQueryOptions = (items: LocatedAssessmentRequestItem[]) =>
  queryOptions({
    queryKey: [...locatedAssessmentsKeys.all, items],
    queryFn: ({ signal }) =>
      apiRequest<AssessmentListEntry[]>('/api/v2/assessment/getlocatedassessments', {
        method: 'POST',
        body: items,
        signal,
      }),
  });
