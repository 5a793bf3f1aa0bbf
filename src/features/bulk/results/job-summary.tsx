import { Alert, Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { JobItemsPage, JobKind } from '../../../../shared/contract/dto';
import { getJobItems, jobItemsKeys } from '../../../api/job-items';
import { formatCount } from '../../../i18n/format-count';
import { pluralKey } from '../../../i18n/translate';
import { useTranslation } from '../../../i18n/use-translation';

/** Reasons named with their counts before the rest are left to the list. */
const NAMED_REASONS = 5;

/** The failed items' reasons, most frequent first, from the failed items read (up to 500). */
function reasonsOf(pages: readonly JobItemsPage[]): { message: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const item of pages.flatMap((p) => p.items)) {
    const message = item.message ?? '';
    counts.set(message, (counts.get(message) ?? 0) + 1);
  }
  return [...counts].map(([message, count]) => ({ message, count })).sort((a, b) => b.count - a.count);
}

/**
 * The head of a job's result page (docs/product.md 4 "Bulk mode"): how many of how many were done,
 * that the user stopped it, how many failed and why, and the way to try the failed ones again.
 */
export function JobSummary(props: {
  jobId: string;
  kind: JobKind;
  counts: JobItemsPage['counts'];
  total: number;
  stopped: boolean;
  /** Starts the flow again with the failed ones chosen; absent where that is not possible. */
  onRetryFailed?: () => void;
  retrying?: boolean;
  retryError?: boolean;
}) {
  const t = useTranslation();
  const { counts, kind } = props;
  // A fake job's items are skipped: done as far as the user can tell (docs/api.md "Jobs").
  const done = counts.done + counts.skipped;
  const failed = counts.failed;
  const reasons = useQuery({
    queryKey: [...jobItemsKeys.of(props.jobId), 'failedReasons'],
    queryFn: ({ signal }) => getJobItems(props.jobId, { offset: 0, limit: 500, outcome: 'failed' }, signal),
    enabled: failed > 0,
  });
  const pages = reasons.data ? [reasons.data] : [];
  const named = reasonsOf(pages).slice(0, NAMED_REASONS);
  // A count per reason only when every failed item has been read: a count must be true.
  const counted = pages.reduce((n, page) => n + page.items.length, 0) >= failed;
  return (
    <Stack gap="xs" mb="md">
      <Text role="status">
        {t(pluralKey(`jobResults.summary.${kind}`, props.total), {
          done: formatCount(done),
          total: formatCount(props.total),
        })}
        {props.stopped && ` ${t('jobResults.stopped')}`}
      </Text>
      {failed > 0 && (
        <Alert color="red" title={t(pluralKey('jobResults.failed', failed), { count: formatCount(failed) })}>
          <Stack gap={4} align="flex-start">
            {named.map((reason) => (
              <Text key={reason.message} size="sm">
                {counted
                  ? t('jobResults.reason', { message: reason.message, count: formatCount(reason.count) })
                  : reason.message}
              </Text>
            ))}
            {props.onRetryFailed && (
              <Button
                size="compact-sm"
                variant="default"
                mt={4}
                loading={props.retrying}
                onClick={props.onRetryFailed}
              >
                {t(`jobResults.retryFailed.${kind}`, { count: formatCount(failed) })}
              </Button>
            )}
            {props.retryError && (
              <Text size="sm" role="alert">
                {t('jobResults.retryFailed.error')}
              </Text>
            )}
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
