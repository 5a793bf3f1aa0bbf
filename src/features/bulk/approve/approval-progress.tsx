import { useTranslation } from '../../../i18n/use-translation';
import { ApprovalProgressDialog } from '../../../ui/approval-progress-dialog';
import type { useBulkApproval } from './use-bulk-approval';

/** docs/product.md 2: the blocking progress dialog of a bulk approval; a failed job says so (docs/product.md 8). */
export function BulkApprovalProgress(props: { approval: ReturnType<typeof useBulkApproval>; count: number }) {
  const t = useTranslation();
  return (
    <ApprovalProgressDialog
      job={props.approval.job}
      expectedCount={props.count}
      items={props.approval.items}
      errorText={`${t('bulkApprove.error.title')}. ${t('bulkApprove.error.description')}`}
      onClose={props.approval.closeFailed}
      onStop={props.approval.stop}
    />
  );
}
