import type { QueryClient } from '@tanstack/react-query';
import { jobItemsQueryOptions } from '../../../api/job-items';
import { copiedCandidates, type ApprovalRequest } from '../../../domain/bulk-approval';
import type { BulkState } from '../../../domain/bulk-mode';
import { bulkStore } from '../../../offline/bulk-state';

/**
 * The approval job whose result is on screen (docs/product.md 4): /approved after one started
 * from a list, /approvecopied/confirmation after copies were approved. None otherwise.
 */
export function approvedJobId(state: BulkState): string | null {
  if (state.mode === 'approvalComplete') return state.approval?.jobId ?? null;
  if (state.mode === 'copyComplete' && state.approval?.from === 'approveCopied') return state.approval.jobId;
  return null;
}

/** The loader of /approved and /approvecopied/confirmation: the first page of the job's items. */
export async function loadApproved(queryClient: QueryClient): Promise<void> {
  const jobId = approvedJobId(bulkStore.getSnapshot());
  if (jobId !== null) await queryClient.ensureInfiniteQueryData(jobItemsQueryOptions(jobId));
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
