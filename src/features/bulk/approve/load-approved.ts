import type { QueryClient } from '@tanstack/react-query';
import { locatedAssessmentsQueryOptions } from '../../../api/get-located-assessments';
import { copiedCandidates, type ApprovalRequest } from '../../../domain/bulk-approval';
import { assessmentRefs, type BulkApproveItem, type BulkState } from '../../../domain/bulk-mode';
import { bulkStore } from '../../../offline/bulk-state';

/**
 * The assessments an approval has just approved (docs/product.md 4): /approved after one started
 * from a list, /approvecopied/confirmation after copies were approved. None otherwise.
 */
export function justApproved(state: BulkState): readonly BulkApproveItem[] {
  if (state.mode === 'approvalComplete') return state.approved;
  if (state.mode === 'copyComplete' && state.approval?.from === 'approveCopied') return state.approved;
  return [];
}

/** The loader of /approved and /approvecopied/confirmation: the just-approved with their current statuses. */
export async function loadApproved(queryClient: QueryClient): Promise<void> {
  const approved = justApproved(bulkStore.getSnapshot());
  if (approved.length > 0)
    await queryClient.ensureQueryData(locatedAssessmentsQueryOptions(assessmentRefs(approved)));
}

/**
 * The approval of /approvecopied (docs/product.md 4): the copies of the finished copy flow that
 * are ready for approval, also while their approval runs (after a reload); null when there are none.
 */
export function approveCopiedRequest(state: BulkState): ApprovalRequest | null {
  const copying = state.mode === 'copyComplete' && state.copyKey === null;
  const approving = state.mode === 'approving' && state.approval?.from === 'approveCopied';
  if (!copying && !approving) return null;
  const properties = copiedCandidates(state.copied);
  return properties.length > 0 ? { from: 'approveCopied', properties, origin: '/approvecopied' } : null;
}
