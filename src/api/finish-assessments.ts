import { featureFlags } from '../lib/feature-flags';
import type { JobCreated } from './dto';
import { apiRequest } from './http';

/** docs/product.md 3 "Approve item": validFrom is an ISO date (docs/product.md 5 for a future one). */
export interface ApproveItem {
  assessmentId: string;
  propertyId: string;
  validFrom: string;
}

/**
 * POST /api/v2/assessment/finishassessments (docs/product.md 7): starts an approval job and answers
 * its jobId; isFakeJob follows the flag-fake_copy cookie. The caches are refreshed when the job
 * ends, not here (the job has not approved anything yet).
 */
export function finishAssessments(items: readonly ApproveItem[]): Promise<JobCreated> {
  return apiRequest<JobCreated>('/api/v2/assessment/finishassessments', {
    method: 'POST',
    body: { assessmentsToFinish: items, isFakeJob: featureFlags().fakeCopy },
  });
}
