import type { AbandonAssessmentInput } from './abandon-assessment';
import { apiRequest } from './http';

/** The answer of abandonassessments: how many distinct assessments of the list are cancelled now. */
export interface AbandonAssessmentsResult {
  abandoned: number;
}

/**
 * POST /api/v2/assessment/abandonassessments (docs/api.md "abandonassessments"): every listed
 * assessment becomes cancelled, all or nothing (403, 404 or 409 ASSESSMENT_APPROVED change
 * nothing). There is no v1 variant. The caller refreshes the caches afterwards, as after
 * abandonAssessment.
 */
export function abandonAssessments(
  list: readonly AbandonAssessmentInput[],
): Promise<AbandonAssessmentsResult> {
  // The server takes 1 to 5,000 pairs: an empty list has nothing to abandon.
  if (list.length === 0) return Promise.resolve({ abandoned: 0 });
  return apiRequest<AbandonAssessmentsResult>('/api/v2/assessment/abandonassessments', {
    method: 'POST',
    body: { assessments: list.map(({ assessmentId, propertyId }) => ({ assessmentId, propertyId })) },
  });
}
