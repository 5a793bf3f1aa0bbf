import type { DisplayStatus } from '../../shared/rules/statuses';
import { useTranslation } from '../i18n/use-translation';
import { formatShortDate } from './format';

/**
 * A status in words, as its badge says it ("Godkendt fra 01.12.26"): the badge, the accessible
 * names that say which assessment a link opens, the printed report. A later approval whose day
 * the caller does not know says so without a day, never with the text's placeholder.
 */
export function useStatusLabel(status: DisplayStatus, futureApprovedDate: string | null | undefined): string {
  const t = useTranslation();
  if (status !== 'approvedFuture') return t(`status.${status}` as 'status.draft');
  return futureApprovedDate
    ? t('status.approvedFuture', { date: formatShortDate(futureApprovedDate) })
    : t('status.approvedFutureUndated');
}
