import { useMutation } from '@tanstack/react-query';
import { useBlocker } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { approvalItems, type ApprovalRequest } from '../../../domain/bulk-approval';
import type { ApprovalStart } from '../../../domain/bulk-mode';
import { jobProgress, type CurrentJob } from '../../../hub/job-progress';
import { startApproval, type SendWaitingAnswers } from '../../../hub/start-approval';
import { bulkStore } from '../../../offline/bulk-state';
import { currentJobState } from '../../../offline/client-state';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useConcludeApproval } from './use-conclude-approval';

/** An approval of many: a finish job that belongs to no single assessment (the results page's own has one). */
function bulkJob(current: CurrentJob | null): CurrentJob | null {
  return current?.job.kind === 'finish' && current.job.assessmentId === undefined ? current : null;
}

/**
 * Approving the chosen residences (docs/product.md 4 "Bulk mode", Approving): confirming starts a
 * finish job (mode approving) whose blocking progress dialog follows the hub and, after a
 * reconnect or a reload, the job's state (src/hub/job-progress.ts). When it is done the caches of
 * docs/product.md 7 are refreshed and the user goes on by `routeAfterApproval`: /approved (mode
 * approvalComplete), back to /copied, or to /approvecopied/confirmation. A request the server
 * refused leaves nothing half-done: the flow is back where it was and the error offers a retry
 * with the same idempotency key (a lost answer then finds the job the server did start).
 */
export function useBulkApproval(request: ApprovalRequest | null, sendWaitingAnswers?: SendWaitingAnswers) {
  const current = useSyncExternalStore(jobProgress.subscribe, jobProgress.getSnapshot);
  const job = bulkJob(current);
  const lastAttempt = useRef<{ validFrom: string; key: string } | null>(null);
  // A copy flow in the middle of its work is not replaced by an approval from a list (docs/product.md 4).
  const [notStarted, setNotStarted] = useState(false);

  const [sendingAnswers, setSendingAnswers] = useState(false);

  // A start that queued nothing (refused, or answers still on the device) leaves the flow where it was.
  const start = useMutation({
    mutationFn: (approval: ApprovalStart) =>
      startApproval({
        items: approval.items,
        idempotencyKey: approval.key ?? undefined,
        sendWaitingAnswers,
        sending: setSendingAnswers,
        job: { kind: 'finish' },
      }),
    onSuccess: (outcome) => {
      if (outcome === 'answersWaiting') bulkStore.dispatch({ type: 'approvalFailed' });
    },
    onError: () => bulkStore.dispatch({ type: 'approvalFailed' }),
  });
  const { mutate, reset } = start;

  // docs/product.md 2: the progress dialog blocks; while the job runs the user stays on its page
  // (the browser's back button included). A reload is allowed: the job is followed again.
  useBlocker({
    shouldBlockFn: () => bulkStore.getSnapshot().mode === 'approving',
    enableBeforeUnload: false,
  });

  // After a reload in the middle of an approval: follow the job kept in session storage or, when
  // the server's answer never arrived, ask again with the same key.
  useEffect(() => {
    const state = bulkStore.getSnapshot();
    if (state.mode !== 'approving' || !state.approval) return;
    // A retry after this attempt fails asks for the same job again.
    const [first] = state.approval.items;
    if (first && state.approval.key)
      lastAttempt.current = { validFrom: first.validFrom, key: state.approval.key };
    const stored = currentJobState.get();
    if (stored?.kind === 'finish' && stored.assessmentId === undefined) jobProgress.resume();
    else mutate(state.approval);
  }, [mutate]);

  // Below the effect above, so that its own effect runs after it: a reload follows the job again
  // before concluding it.
  const conclude = useConcludeApproval(job);

  const approve = useCallback(
    (validFrom: string, options: { retry?: boolean } = {}) => {
      if (!request) return;
      const again =
        options.retry && lastAttempt.current?.validFrom === validFrom ? lastAttempt.current : null;
      const key = again?.key ?? newIdempotencyKey();
      lastAttempt.current = { validFrom, key };
      const before = bulkStore.getSnapshot();
      const state = bulkStore.dispatch({
        type: 'startApproval',
        from: request.from,
        items: approvalItems(request.properties, validFrom),
        origin: request.origin,
        key,
      });
      const started = state !== before && state.mode === 'approving' && state.approval !== null;
      setNotStarted(!started);
      if (!started || !state.approval) return;
      reset();
      mutate(state.approval);
    },
    [request, mutate, reset],
  );

  return {
    /** Starts the finish job of every chosen assessment from this ISO validFrom. */
    approve,
    /** Tries the failed start again, with the same day and the same idempotency key. */
    retry: () => {
      if (lastAttempt.current) approve(lastAttempt.current.validFrom, { retry: true });
    },
    /** The answers still on the device are being sent first. */
    sendingAnswers,
    /** Starting the job, or the job running. */
    busy: start.isPending || job?.progress.phase === 'running',
    /** The request that starts the job (after any answers were sent) has no answer yet. */
    starting: start.isPending && !sendingAnswers,
    /** The bulk flow did not allow this approval to start (another flow is in the middle of its work). */
    notStarted,
    /** Answers stayed on the device: nothing was queued. */
    answersWaiting: start.data === 'answersWaiting',
    /** The server refused to start the job (its message is shown with the error). */
    startError: start.error,
    job,
    /** The assessments of this approval (a failed one's reason names its residence). */
    items: request?.properties,
    /** Stop: the server stops the job at the next item (docs/api.md "Jobs"); its result page follows. */
    stop: () => jobProgress.cancel(),
    /** Closing a failed job's dialog: what it did approve is shown, else the flow is back where it was. */
    closeFailed: () => {
      if (job) void conclude(job.job.jobId);
    },
  };
}
