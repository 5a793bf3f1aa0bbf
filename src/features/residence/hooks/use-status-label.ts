import type { DisplayStatus } from '../../../../shared/rules/statuses';
import { useTranslation } from '../../../i18n/use-translation';
import { formatShortDate } from '../../../ui/format';

/** The status badge's words, for accessible names that say which assessment a link opens. */
export function useStatusLabel(status: DisplayStatus, futureApprovedDate: string | null): string {
  const t = useTranslation();
  return status === 'approvedFuture' && futureApprovedDate
    ? t('status.approvedFuture', { date: formatShortDate(futureApprovedDate) })
    : t(`status.${status}` as 'status.draft');
}
