import { apiRequest } from './http';

/** GET /api/v2/assessment/synchiddenquestions: a text answer (docs/product.md 7). */
export function syncHiddenQuestions(assessmentId: string, signal?: AbortSignal): Promise<string> {
  return apiRequest<string>('/api/v2/assessment/synchiddenquestions', {
    query: { assessmentId },
    responseType: 'text',
    signal,
  });
}
