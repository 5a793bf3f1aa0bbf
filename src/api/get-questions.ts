import { queryOptions } from '@tanstack/react-query';
import type { Question } from '../../shared/rules/answer-validation';
import { apiRequest } from './http';

export const questionsKeys = {
  all: ['questions'] as const,
};

/** GET /api/v2/questions: the assessment's questions with their answers. */
export const questionsQueryOptions = (assessmentId: string) =>
  queryOptions({
    queryKey: [...questionsKeys.all, assessmentId],
    queryFn: ({ signal }) => apiRequest<Question[]>('/api/v2/questions', { query: { assessmentId }, signal }),
  });
