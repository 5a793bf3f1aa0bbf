import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HandicapScore } from '../../shared/contract/dto';
import { ApiError, apiRequest } from './http';

export const assessmentScoresKeys = { all: ['assessmentScores'] as const };

/** docs/product.md 7: scores are retried up to 5 times at 1 s, not on 401, and not refetched on focus. */
export const assessmentScoresQueryOptions = (assessmentId: string) =>
  queryOptions({
    queryKey: [...assessmentScoresKeys.all, assessmentId],
    queryFn: ({ signal }) =>
      apiRequest<HandicapScore[]>('/api/v2/assessment/getassessmentscores', {
        query: { assessmentId },
        signal,
      }),
    retry: (failureCount, error) => !(error instanceof ApiError && error.status === 401) && failureCount < 5,
    retryDelay: 1000,
    refetchOnWindowFocus: false,
  });

export function useAssessmentScores(assessmentId: string, enabled = true) {
  return useQuery({ ...assessmentScoresQueryOptions(assessmentId), enabled });
}
