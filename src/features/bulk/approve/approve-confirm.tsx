import { Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ApprovalRequest } from '../../../domain/bulk-approval';
import { pluralKey } from '../../../i18n/translate';
import { useTranslation } from '../../../i18n/use-translation';
import { PageHeader } from '../../../ui/page-header';
import { BulkApprovalProgress } from './approval-progress';
import { approvalState } from './approval-request';
import { ApproveChoice } from './approve-choice';
import type { SendWaitingAnswers } from '../../../hub/start-approval';
import { useBulkApproval } from './use-bulk-approval';

/**
 * /approve/confirm (docs/product.md 2): approve the chosen residences now or from a later day
 * (the header's back link returns to /approve). Confirming starts the finish job with its
 * blocking progress dialog (docs/product.md 4).
 */
export function ApproveConfirm(props: { request: ApprovalRequest; sendWaitingAnswers?: SendWaitingAnswers }) {
  const t = useTranslation();
  const { request } = props;
  const approval = useBulkApproval(request, props.sendWaitingAnswers);
  const count = request.properties.length;
  return (
    <>
      <PageHeader
        title={t(pluralKey('bulkApprove.confirm.title', count), { count })}
        description={t('bulkApprove.confirm.description')}
      />
      <Stack gap="md">
        <ApproveChoice
          approval={approval}
          futureLink={(rootProps) => (
            <Link
              {...rootProps}
              to="/approve/confirm/datepicker"
              state={approvalState(request, '/approve/confirm')}
            />
          )}
        />
      </Stack>
      <BulkApprovalProgress approval={approval} count={count} />
    </>
  );
}
