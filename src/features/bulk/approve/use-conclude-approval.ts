import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef } from 'react';
import { getJob } from '../../../api/get-job';
import { refreshAfterAssessmentChange } from '../../../api/refresh-after-change';
import type { JobState } from '../../../../shared/contract/dto';
import { routeAfterApproval } from '../../../domain/bulk-mode';
import { jobProgress, type CurrentJob } from '../../../hub/job-progress';
import { bulkStore } from '../../../offline/bulk-state';
import { formatCount } from '../../../i18n/format-count';
import { useTranslation } from '../../../i18n/use-translation';
import { showToast } from '../../../ui/toasts';
import { forgetApprovalRequest } from './approval-request';

/**
 * The end of an approval of many (docs/product.md 4 "Bulk mode", Approving): once its job has
 * succeeded or was stopped (or the user closed a failed one) the caches of docs/product.md 7 are
 * refreshed and the user goes on by `routeAfterApproval`; a job that approved nothing puts the
 * flow back where it was. Returns `conclude`, for closing a failed job's dialog.
 */
export function useConcludeApproval(job: CurrentJob | null): (jobId: string) => Promise<void> {
  const t = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const handled = useRef<string | null>(null);
  const conclude = useCallback(
    async (jobId: string) => {
      if (handled.current === jobId) return;
      handled.current = jobId;
      const state = bulkStore.getSnapshot();
      const approval = state.approval;
      if (state.mode !== 'approving' || !approval) {
        jobProgress.dismiss();
        return;
      }
      let ended: JobState | null = null;
      try {
        ended = await getJob(jobId);
      } catch {
        // The job cannot be read: nothing is known to be approved.
      }
      await refreshAfterAssessmentChange(queryClient);
      jobProgress.dismiss();
      // Done items: processed ones that did not fail (a stopped job's cancelled ones are neither).
      const approvedCount = ended ? ended.currentCount - ended.errorCount : 0;
      if (!ended || (approvedCount === 0 && ended.status !== 'cancelled')) {
        bulkStore.dispatch({ type: 'approvalFailed' });
        return;
      }
      bulkStore.dispatch({ type: 'approvalFinished', jobId });
      forgetApprovalRequest();
      const next = routeAfterApproval(approval);
      // Back on the copies' list a stopped approval says how far it came there.
      if (ended.status === 'cancelled' && next === '/copied')
        showToast({
          id: 'approval-stopped',
          kind: 'info',
          message: t('bulkApprove.stopped', {
            done: formatCount(approvedCount),
            total: formatCount(ended.maxCount),
          }),
        });
      await navigate({ to: next, replace: true });
    },
    [queryClient, navigate, t],
  );

  useEffect(() => {
    const phase = job?.progress.phase;
    if (phase === 'succeeded' || phase === 'cancelled') void conclude(job!.job.jobId);
  }, [job, conclude]);
  return conclude;
}
