import { assessmentMutationApiVersion } from './api-version';
import { apiRequest } from './http';

export interface AbandonAssessmentInput {
  assessmentId: string;
  propertyId: string;
}

/** POST /api/v2/assessment/abandonassessment (v1: GET): the assessment becomes cancelled. */
export function abandonAssessment(input: AbandonAssessmentInput): Promise<unknown> {
  const version = assessmentMutationApiVersion();
  return apiRequest(`/api/${version}/assessment/abandonassessment`, {
    method: version === 'v2' ? 'POST' : 'GET',
    query: { assessmentId: input.assessmentId, propertyId: input.propertyId },
  });
}
