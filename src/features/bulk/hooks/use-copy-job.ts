import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { copyAssessments } from '../../../api/copy-assessments';
import { getJob } from '../../../api/get-job';
import { ApiError } from '../../../api/http';
import { refreshAfterAssessmentChange } from '../../../api/refresh-after-change';
import type { JobState } from '../../../../shared/contract/dto';
import { copiedEntries, isCopyRunning, routeAfterCopy, type BulkState } from '../../../domain/bulk-mode';
import { jobProgress } from '../../../hub/job-progress';
import { pluralKey } from '../../../i18n/translate';
import { useTranslation } from '../../../i18n/use-translation';
import { bulkStore } from '../../../offline/bulk-state';
import { currentJobState } from '../../../offline/client-state';
import { showToast } from '../../../ui/toasts';
import { newIdempotencyKey } from '../../../lib/idempotency-key';

/** docs/product.md 9: the paste toast closes after 3 s. */
export const PASTE_TOAST_MS = 3000;

/** A job that ended but could not be read is read again after this long. */
const RETRY_MS = 2000;

/** The ended job as the server tells it; null when it does not know the job (nothing copied). */
async function readEndedJob(jobId: string): Promise<JobState | null> {
  try {
    return await getJob(jobId);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Starts (or, after a reload before the server answered, asks again for) the flow's copy job. */
async function startCopyJob(state: BulkState): Promise<void> {
  if (!isCopyRunning(state) || !state.source || !state.copyKey) return;
  await jobProgress.prepare();
  // The same idempotency key answers the same job: a repeat never copies twice (docs/api.md "Jobs").
  const { jobId } = await copyAssessments({
    propertyIds: state.targets.map((target) => target.propertyId),
    sourceAssessmentId: state.source.assessmentId,
    idempotencyKey: state.copyKey,
  });
  await jobProgress.track({ jobId, kind: 'copy' });
}

/**
 * docs/product.md 4 "Bulk mode", Paste: the mode becomes copyComplete, a toast with the count
 * closes after 3 s, and the blocking progress dialog follows the copy job (src/hub/job-progress.ts:
 * the hub, and the job's state re-read after a reconnect or a reload). When the job is done the
 * caches of docs/product.md 7 are refreshed and the user goes to /copied, or to /approvecopied
 * when the source had every answer. A job that copied nothing returns to choosing targets.
 */
export function useCopyJob() {
  const t = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const current = useSyncExternalStore(jobProgress.subscribe, jobProgress.getSnapshot);
  const job = current?.job.kind === 'copy' ? current : null;

  // A failed start leaves the flow as it is until the user closes the error: a reload aborts
  // the request too, and the page after the reload must ask again with the same key rather
  // than find the flow back at choosing targets.
  const start = useMutation({ mutationFn: startCopyJob });
  const { mutate, reset } = start;

  // After a reload in the middle of a copy: follow the job kept in session storage, or, when
  // the server's answer never arrived, ask again with the same key.
  useEffect(() => {
    const state = bulkStore.getSnapshot();
    if (!isCopyRunning(state)) return;
    if (currentJobState.get()?.kind === 'copy') jobProgress.resume();
    else mutate(state);
  }, [mutate]);

  const handled = useRef<string | null>(null);
  const [retries, setRetries] = useState(0);
  const conclude = useCallback(
    async (jobId: string) => {
      if (handled.current === jobId) return;
      handled.current = jobId;
      const state = bulkStore.getSnapshot();
      let ended: JobState | null;
      try {
        ended = await readEndedJob(jobId);
      } catch {
        // No network, or the page is being reloaded: asked again shortly; the flow stays.
        handled.current = null;
        setTimeout(() => setRetries((n) => n + 1), RETRY_MS);
        return;
      }
      const copied = ended ? copiedEntries(state, ended.copied) : [];
      await refreshAfterAssessmentChange(queryClient);
      // A fake job (flag-fake_copy) copies nothing but succeeds: its flow ends on the list too.
      // So does a job its owner stopped: the list says how far it came.
      const phase = jobProgress.getSnapshot()?.progress.phase;
      jobProgress.dismiss();
      if (!ended || (copied.length === 0 && phase !== 'succeeded' && phase !== 'cancelled')) {
        bulkStore.dispatch({ type: 'copyFailed' });
        return;
      }
      bulkStore.dispatch({ type: 'copyFinished', jobId, copied });
      // A plain path: /approvecopied is a screen of the approval flow, not of this feature. A
      // stopped copy shows its result first.
      const next: string = phase === 'cancelled' ? '/copied' : routeAfterCopy(state.source);
      await navigate({ to: next, replace: true });
    },
    [queryClient, navigate],
  );

  useEffect(() => {
    const phase = job?.progress.phase;
    if (phase === 'succeeded' || phase === 'cancelled') void conclude(job!.job.jobId);
  }, [job, conclude, retries]);

  const paste = useCallback(() => {
    const before = bulkStore.getSnapshot();
    const state = bulkStore.dispatch({ type: 'paste', copyKey: newIdempotencyKey() });
    if (state === before || !isCopyRunning(state)) return;
    const count = state.targets.length;
    showToast({
      id: 'copy-pasted',
      kind: 'info',
      message: t(pluralKey('copy.toast.pasted', count), { count }),
      autoClose: PASTE_TOAST_MS,
    });
    reset();
    mutate(state);
  }, [t, reset, mutate]);

  return {
    paste,
    /** The copy job, while it runs or after it failed (the dialog shows it). */
    job,
    /** Stop: the server stops the copy at the next item (docs/api.md "Jobs"); /copied follows. */
    stop: () => jobProgress.cancel(),
    /** The job could not be started; the server's message when it gave one. */
    startError: start.error,
    /**
     * Closing a failed job: what was copied is kept, else back to choosing targets with the
     * targets kept (a job that never started, too).
     */
    closeFailed: () => {
      if (job) void conclude(job.job.jobId);
      else if (start.isError) bulkStore.dispatch({ type: 'copyFailed' });
    },
  };
}
