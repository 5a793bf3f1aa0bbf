import type { ReactNode } from 'react';
import { nowValidFrom } from '../../../domain/approval';
import { useTranslation } from '../../../i18n/use-translation';
import { ApproveNowOrLater } from '../../../ui/approve-now-or-later';
import { ApprovalFeedback } from './approval-error';
import type { useBulkApproval } from './use-bulk-approval';

type BulkApproval = ReturnType<typeof useBulkApproval>;

/**
 * docs/product.md 2 /approve/confirm and /approvecopied: Approve now and Approve in future.
 * Offline both are disabled with the reason (a job needs the server, docs/architecture.md 2).
 * `futureLink` renders the way to the date picker around the given props.
 */
export function ApproveChoice(props: {
  approval: BulkApproval;
  futureLink: (rootProps: Record<string, unknown>) => ReactNode;
}) {
  const t = useTranslation();
  const { approval } = props;
  return (
    <ApproveNowOrLater
      nowLabel={t('bulkApprove.approveNow')}
      laterLabel={t('bulkApprove.approveInFuture')}
      offlineReason={t('bulkApprove.offline')}
      busy={approval.busy}
      onApproveNow={() => approval.approve(nowValidFrom())}
      laterLink={props.futureLink}
      gap="sm"
    >
      <ApprovalFeedback approval={approval} />
    </ApproveNowOrLater>
  );
}
