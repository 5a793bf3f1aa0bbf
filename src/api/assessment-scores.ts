import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
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

/** How long a screen waits for the scores it shows before it shows without them. */
export const SCORES_WAIT_MS = 2_000;

/** Scores read this recently count as read for the screen now opening (its loader read them). */
export const SCORES_JUST_READ_MS = 10_000;

/**
 * The scores of the given assessments in the cache, or SCORES_WAIT_MS passed; never fails (a
 * screen reports its own failure). For a screen that shows the scores above its buttons: shown
 * later, the table pushed the buttons down under a tap already on its way (docs/architecture.md
 * 2 "Routes own access and data"). `fresh` reads them from the server even when cached (the
 * results page: answers may have changed them).
 */
export async function prefetchScoresWithin(
  queryClient: QueryClient,
  assessmentIds: readonly string[],
  options: { fresh?: boolean; waitMs?: number } = {},
): Promise<void> {
  if (assessmentIds.length === 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, options.waitMs ?? SCORES_WAIT_MS);
  });
  const all = Promise.all(
    assessmentIds.map((id) =>
      queryClient.prefetchQuery({
        ...assessmentScoresQueryOptions(id),
        ...(options.fresh ? { staleTime: 0 } : {}),
      }),
    ),
  ).then(() => undefined);
  try {
    await Promise.race([all, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
