import type { CurrentJob } from '../../../hub/job-progress';
import { pluralForm } from '../../../domain/job-progress';
import { useTranslation } from '../../../i18n/use-translation';
import { JobProgressDialog } from '../../../ui/job-progress-dialog';
import { useFailureDetails } from '../../../ui/use-failure-details';

/**
 * docs/product.md 2: the blocking progress dialog of a copy, singular or plural by count. It opens
 * at Paste, before the server has answered with the job, and counts up from the hub.
 */
export function CopyProgress(props: {
  opened: boolean;
  job: CurrentJob | null;
  /** Until the job reports its size: the number of residences pasted to. */
  targetCount: number;
  /** The job could not be started: the server's message. */
  startError: string | null;
  /** The residences copied to: a failure names its residence. */
  targets: readonly { propertyId: string; location: string }[];
  onClose: () => void;
  /** Stop (JobProgressDialog), once the job has been started. */
  onStop?: () => Promise<void>;
}) {
  const t = useTranslation();
  const progress = props.job?.progress;
  const details = useFailureDetails(progress, props.targets);
  const currentCount = progress?.currentCount ?? 0;
  const maxCount = Math.max(progress?.maxCount ?? 0, props.targetCount, 1);
  return (
    <JobProgressDialog
      opened={props.opened}
      title={t('copy.progress.title')}
      progressText={t(`copy.progress.${pluralForm(maxCount)}`, { currentCount, maxCount })}
      keepOpenText={t('copy.progress.keepOpen')}
      currentCount={currentCount}
      maxCount={maxCount}
      error={
        progress?.phase === 'failed'
          ? { text: t('bulkCopy.error'), details }
          : props.startError !== null
            ? { text: t('bulkCopy.error'), details: [props.startError] }
            : null
      }
      starting={props.job === null && props.startError === null}
      onClose={props.onClose}
      onStop={props.job ? props.onStop : undefined}
    />
  );
}
