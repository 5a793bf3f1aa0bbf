import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { assessmentScoresQueryOptions } from '../../../api/assessment-scores';
import { assessmentKeys } from '../../../api/get-assessment';
import { refreshAfterAssessmentChange } from '../../../api/refresh-after-change';
import { jobProgress } from '../../../hub/job-progress';
import { startApproval, type SendWaitingAnswers } from '../../../hub/start-approval';
import { useTranslation } from '../../../i18n/use-translation';
import { formatShortDate } from '../../../ui/format';
import { showToast } from '../../../ui/toasts';

export type Approval = ReturnType<typeof useApproveAssessment>;

/**
 * docs/product.md 2 and 4: approving one assessment starts a finish job; the blocking progress
 * dialog follows it (src/hub/job-progress.ts); when it ends well the caches of docs/product.md 7,
 * the assessment and its scores are refreshed and the user goes to the residence.
 */
export function useApproveAssessment(input: {
  propertyId: string;
  assessmentId: string;
  sendWaitingAnswers?: SendWaitingAnswers;
}) {
  const { propertyId, assessmentId, sendWaitingAnswers } = input;
  const t = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [sendingAnswers, setSendingAnswers] = useState(false);
  const current = useSyncExternalStore(jobProgress.subscribe, jobProgress.getSnapshot);
  // Only this assessment's approval is shown here.
  const job = current?.job.kind === 'finish' && current.job.assessmentId === assessmentId ? current : null;

  useEffect(() => jobProgress.resume(), []);

  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!job || job.progress.phase !== 'succeeded' || handled.current === job.job.jobId) return;
    handled.current = job.job.jobId;
    const validFrom = job.job.validFrom;
    void (async () => {
      await Promise.all([
        refreshAfterAssessmentChange(queryClient),
        queryClient.invalidateQueries({ queryKey: assessmentKeys.one(assessmentId) }),
        queryClient.invalidateQueries({ queryKey: assessmentScoresQueryOptions(assessmentId).queryKey }),
      ]);
      showToast({
        kind: 'success',
        message: validFrom
          ? t('assessmentApprove.success', { date: formatShortDate(validFrom) })
          : t('assessmentResult.approveNow.success'),
        autoClose: 5000,
      });
      jobProgress.dismiss();
      await navigate({ to: '/residence/$propertyId', params: { propertyId } });
    })();
  }, [job, assessmentId, propertyId, queryClient, navigate, t]);

  /**
   * Starting the approval: the answers still on the device first, then the job. Its pending,
   * error and result state is the start's busy state, failure and block.
   */
  const start = useMutation({
    mutationFn: (validFrom: { iso: string; future: boolean }) =>
      startApproval({
        items: [{ assessmentId, propertyId, validFrom: validFrom.iso }],
        sendWaitingAnswers,
        sending: setSendingAnswers,
        job: {
          kind: 'finish',
          propertyId,
          assessmentId,
          ...(validFrom.future ? { validFrom: validFrom.iso } : {}),
        },
      }),
  });

  return {
    // The error is shown from startFailed.
    approve: (validFrom: { iso: string; future: boolean }) => start.mutateAsync(validFrom).catch(() => null),
    /** Sending answers, starting the job, or the job running. */
    busy: start.isPending || job?.progress.phase === 'running',
    /** The request that starts the job (after any answers were sent) has no answer yet. */
    starting: start.isPending && !sendingAnswers,
    /** The answers still on the device are being sent first. */
    sendingAnswers,
    startFailed: start.isError,
    /** Answers stayed on the device: nothing was queued. */
    answersWaiting: start.data === 'answersWaiting',
    job,
    dismissJob: () => jobProgress.dismiss(),
  };
}
