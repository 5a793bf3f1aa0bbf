import { pluralForm } from '../domain/job-progress';
import type { CurrentJob } from '../hub/job-progress';
import { useTranslation } from '../i18n/use-translation';
import { JobProgressDialog } from './job-progress-dialog';
import { useFailureDetails } from './use-failure-details';

/**
 * docs/product.md 2: the blocking progress dialog of an approval job (one assessment or many),
 * singular or plural by count. `errorText` is shown with the server's reasons when the job failed.
 */
export function ApprovalProgressDialog(props: {
  job: CurrentJob | null;
  errorText: string;
  onClose: () => void;
  /** The number of assessments being approved, shown until the job's first count arrives. */
  expectedCount?: number;
  /** The residences being approved: a failure names its residence. */
  items?: readonly { propertyId: string; location: string }[];
  /** Stop (JobProgressDialog): offered for approvals of many. */
  onStop?: () => Promise<void>;
}) {
  const t = useTranslation();
  const progress = props.job?.progress;
  const details = useFailureDetails(progress, props.items);
  const currentCount = progress?.currentCount ?? 0;
  const maxCount =
    progress && progress.maxCount > 0 ? progress.maxCount : Math.max(props.expectedCount ?? 1, 1);
  return (
    <JobProgressDialog
      opened={props.job !== null}
      title={t('bulkApprove.progress.title')}
      progressText={t(`bulkApprove.progress.${pluralForm(maxCount)}`, { currentCount, maxCount })}
      keepOpenText={t('bulkApprove.progress.keepOpen')}
      currentCount={currentCount}
      maxCount={maxCount}
      error={progress?.phase === 'failed' ? { text: props.errorText, details } : null}
      onClose={props.onClose}
      onStop={props.onStop}
    />
  );
}
