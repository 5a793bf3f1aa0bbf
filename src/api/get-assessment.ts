import { queryOptions } from '@tanstack/react-query';
import type { AssessmentDetails } from '../../shared/contract/dto';
import { apiRequest } from './http';

export const assessmentKeys = {
  all: ['assessment'] as const,
  one: (assessmentId: string) => [...assessmentKeys.all, assessmentId] as const,
};

/** GET /api/v2/assessment/getassessment (shape: docs/api.md). */
export const assessmentQueryOptions = (assessmentId: string, propertyId: string) =>
  queryOptions({
    queryKey: [...assessmentKeys.one(assessmentId), propertyId],
    queryFn: ({ signal }) =>
      apiRequest<AssessmentDetails>('/api/v2/assessment/getassessment', {
        query: { assessmentId, propertyId },
        signal,
      }),
  });
