import { queryOptions } from '@tanstack/react-query';
import { HISTORY_EXTENSION, type AssessmentHistory } from '../../shared/contract/history';
import { useHasExtension } from './extensions';
import { apiRequest } from './http';

export const historyKeys = { all: ['assessmentHistory'] as const };

/** GET /api/v2/ext/assessmenthistory (docs/api.md "Extensions"): who did what, and when. */
export const assessmentHistoryQueryOptions = (assessmentId: string) =>
  queryOptions({
    queryKey: [...historyKeys.all, assessmentId],
    queryFn: ({ signal }) =>
      apiRequest<AssessmentHistory>('/api/v2/ext/assessmenthistory', { query: { assessmentId }, signal }),
  });

/** Whether the server answers the history; otherwise the app shows no history and no names. */
export const useHasHistory = (): boolean => useHasExtension(HISTORY_EXTENSION);
