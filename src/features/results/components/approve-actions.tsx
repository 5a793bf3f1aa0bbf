import { Alert, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { nowValidFrom } from '../../../domain/approval';
import { useTranslation } from '../../../i18n/use-translation';
import { ApproveNowOrLater } from '../../../ui/approve-now-or-later';
import { StartWaitNote } from '../../../ui/start-wait-note';
import type { Approval } from '../hooks/use-approve-assessment';

/**
 * docs/product.md 2 "The results page": Approve now and Approve in future. Offline both are
 * disabled with the reason (a job needs the server, docs/architecture.md 2 "Jobs: approving and
 * bulk copy").
 */
export function ApproveActions(props: { propertyId: string; assessmentId: string; approval: Approval }) {
  const t = useTranslation();
  const approval = props.approval;
  return (
    <ApproveNowOrLater
      nowLabel={t('assessmentResult.approveNow')}
      laterLabel={t('assessmentResult.approveInFuture')}
      offlineReason={t('assessmentResult.approve.offline')}
      busy={approval.busy}
      onApproveNow={() => void approval.approve({ iso: nowValidFrom(), future: false })}
      laterLink={(rootProps) => (
        <Link
          {...rootProps}
          to="/results/datepicker/$propertyId/$assessmentId"
          params={{ propertyId: props.propertyId, assessmentId: props.assessmentId }}
        />
      )}
      gap="xs"
    >
      <ApprovalFeedback approval={approval} />
    </ApproveNowOrLater>
  );
}

/**
 * What went wrong before a job ran: answers still waiting, or the server refused to start it —
 * in the words of the page (docs/product.md 8): `assessmentResult.approveNow.error` on the results
 * page, `assessmentApprove.error.title` and `.description` on the date picker's page.
 */
export function ApprovalFeedback(props: {
  approval: Pick<Approval, 'answersWaiting' | 'startFailed' | 'sendingAnswers' | 'starting'>;
  page?: 'results' | 'datePicker';
}) {
  return (
    <>
      <StartFeedback {...props} />
      <StartWaitNote waiting={props.approval.starting} />
    </>
  );
}

function StartFeedback(props: Parameters<typeof ApprovalFeedback>[0]) {
  const t = useTranslation();
  if (props.approval.sendingAnswers)
    return (
      <Text size="sm" role="status">
        {t('assessmentResult.approve.sendingAnswers')}
      </Text>
    );
  if (props.approval.answersWaiting)
    return (
      <Alert color="yellow" role="alert">
        {t('assessmentResult.approve.answersWaiting')}
      </Alert>
    );
  if (props.approval.startFailed)
    return props.page === 'datePicker' ? (
      <Alert color="red" role="alert" title={t('assessmentApprove.error.title')}>
        {t('assessmentApprove.error.description')}
      </Alert>
    ) : (
      <Alert color="red" role="alert">
        {t('assessmentResult.approveNow.error')}
      </Alert>
    );
  return null;
}
