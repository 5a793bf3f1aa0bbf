import { queryOptions } from '@tanstack/react-query';
import type { Question } from '../domain/answer-validation';
import type { AssessmentDetails } from './dto';
import { apiRequest } from './http';

/** GET /api/v2/assessment/getassessment (shape: ARCHITECTURE 3). */
export const assessmentQueryOptions = (assessmentId: string, propertyId: string) =>
  queryOptions({
    queryKey: ['assessment', assessmentId, propertyId],
    queryFn: ({ signal }) =>
      apiRequest<AssessmentDetails>('/api/v2/assessment/getassessment', {
        query: { assessmentId, propertyId },
        signal,
      }),
  });

/** GET /api/v2/questions: the assessment's questions with their answers. */
export const questionsQueryOptions = (assessmentId: string) =>
  queryOptions({
    queryKey: ['questions', assessmentId],
    queryFn: ({ signal }) => apiRequest<Question[]>('/api/v2/questions', { query: { assessmentId }, signal }),
  });

/** GET /api/v2/assessment/synchiddenquestions: a text answer (spec 7). */
export function syncHiddenQuestions(assessmentId: string): Promise<string> {
  return apiRequest<string>('/api/v2/assessment/synchiddenquestions', {
    query: { assessmentId },
    responseType: 'text',
  });
}
