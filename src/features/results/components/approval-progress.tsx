import type { CurrentJob } from '../../../hub/job-progress';
import { pluralForm } from '../../../domain/job-progress';
import { useTranslation } from '../../../i18n/use-translation';
import { JobProgressDialog } from '../../../ui/job-progress-dialog';

/** docs/product.md 2: the blocking progress dialog of an approval, singular or plural by count. */
export function ApprovalProgress(props: { job: CurrentJob | null; onClose: () => void }) {
  const t = useTranslation();
  const progress = props.job?.progress;
  const currentCount = progress?.currentCount ?? 0;
  // Until the first count arrives the job is known to approve (at least) this one assessment.
  const maxCount = Math.max(progress?.maxCount ?? 0, 1);
  return (
    <JobProgressDialog
      opened={props.job !== null}
      title={t('bulkApprove.progress.title')}
      progressText={t(`bulkApprove.progress.${pluralForm(maxCount)}`, { currentCount, maxCount })}
      keepOpenText={t('bulkApprove.progress.keepOpen')}
      currentCount={currentCount}
      maxCount={maxCount}
      error={
        progress?.phase === 'failed'
          ? { text: t('assessmentResult.approveNow.error'), details: progress.errors }
          : null
      }
      onClose={props.onClose}
    />
  );
}
