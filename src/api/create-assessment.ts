import { assessmentMutationApiVersion } from './api-version';
import { apiRequest } from './http';

export interface CreateAssessmentInput {
  propertyId: string;
  /** Unlock: the new assessment starts as a copy of this one's answers. */
  sourceAssessmentIdToCopyFrom?: string;
  /**
   * The id the client chose (a UUID). The server creates one assessment per id, so the same
   * create sent again after a lost reply, or from the outbox, answers the same assessment
   * (docs/api.md "createnewassessment").
   */
  assessmentId?: string;
}

/**
 * GET /api/v{1,2}/assessment/createnewassessment: returns the new assessment's id. No hook: each
 * caller opens the new assessment first and refreshes the caches after (refresh-after-change.ts),
 * so the screen it leaves never shows the new assessment on its way out.
 */
export function createAssessment(input: CreateAssessmentInput, signal?: AbortSignal): Promise<string> {
  return apiRequest<string>(`/api/${assessmentMutationApiVersion()}/assessment/createnewassessment`, {
    query: {
      propertyId: input.propertyId,
      sourceAssessmentIdToCopyFrom: input.sourceAssessmentIdToCopyFrom,
      assessmentId: input.assessmentId,
    },
    signal,
  });
}
