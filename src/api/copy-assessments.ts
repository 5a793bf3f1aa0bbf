import { useMutation } from '@tanstack/react-query';
import { featureFlags } from '../lib/feature-flags';
import type { JobCreated } from '../../shared/contract/dto';
import { apiRequest } from './http';

export interface CopyAssessmentsInput {
  propertyIds: readonly string[];
  sourceAssessmentId: string;
  /**
   * Kept with the flow in session storage: a request repeated after a reload (the first answer
   * never arrived) gets the same job back instead of starting a second copy.
   */
  idempotencyKey: string;
}

/**
 * POST /api/v2/assessment/copyassessments (docs/product.md 7): starts a copy job and answers its
 * jobId; isFakeJob follows the flag-fake_copy cookie. The caches are refreshed when the job
 * ends, not here (nothing is copied yet).
 */
export function copyAssessments(input: CopyAssessmentsInput): Promise<JobCreated> {
  return apiRequest<JobCreated>('/api/v2/assessment/copyassessments', {
    method: 'POST',
    headers: { 'Idempotency-Key': input.idempotencyKey },
    body: {
      propertyIds: input.propertyIds,
      isFakeJob: featureFlags().fakeCopy,
      sourceAssessmentIdToCopyFrom: input.sourceAssessmentId,
    },
  });
}

export function useCopyAssessments() {
  return useMutation({ mutationFn: copyAssessments });
}
