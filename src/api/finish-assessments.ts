import { featureFlags } from '../lib/feature-flags';
import type { JobCreated } from '../../shared/contract/dto';
import { apiRequest } from './http';

/**
 * docs/product.md 3 "approval item": validFrom is an ISO date (docs/product.md 5 for a
 * future one).
 */
export interface ApproveItem {
  assessmentId: string;
  propertyId: string;
  validFrom: string;
}

/**
 * POST /api/v2/assessment/finishassessments (docs/product.md 7): starts an approval job and answers
 * its jobId; isFakeJob follows the flag-fake_copy cookie. The caches are refreshed when the job
 * ends, not here (the job has not approved anything yet). With an idempotency key a repeat of the
 * same request (after a reload, or a retry after a lost answer) gets the same job back instead of
 * approving twice (docs/api.md "Jobs").
 */
export function finishAssessments(
  items: readonly ApproveItem[],
  options: { idempotencyKey?: string } = {},
): Promise<JobCreated> {
  return apiRequest<JobCreated>('/api/v2/assessment/finishassessments', {
    method: 'POST',
    ...(options.idempotencyKey ? { headers: { 'Idempotency-Key': options.idempotencyKey } } : {}),
    body: { assessmentsToFinish: items, isFakeJob: featureFlags().fakeCopy },
  });
}
