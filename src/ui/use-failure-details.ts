import { useMemo } from 'react';
import { describeFailures, type JobProgress } from '../domain/job-progress';
import { useTranslation } from '../i18n/use-translation';

/**
 * A failed job's dialog lines: each reason with the residences it hit, named by the job's own list
 * on this device (`items`: the copy's targets, the approval's assessments).
 */
export function useFailureDetails(
  progress: JobProgress | undefined,
  items: readonly { propertyId: string; location: string }[] | undefined,
): string[] {
  const t = useTranslation();
  const names = useMemo(
    () => new Map((items ?? []).map((item) => [item.propertyId, item.location])),
    [items],
  );
  return useMemo(
    () =>
      progress
        ? describeFailures(
            progress,
            (propertyId) => names.get(propertyId),
            (count) => t('jobFailures.andMore', { count }),
          )
        : [],
    [progress, names, t],
  );
}
