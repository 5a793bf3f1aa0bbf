import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import { jobStartMessage } from '../../../ui/job-start-error';
import { StartWaitNote } from '../../../ui/start-wait-note';
import type { useBulkApproval } from './use-bulk-approval';

type Feedback = Pick<
  ReturnType<typeof useBulkApproval>,
  'notStarted' | 'sendingAnswers' | 'starting' | 'answersWaiting' | 'startError' | 'retry'
>;

/**
 * What kept an approval from starting, under its buttons: another flow in the middle of its work
 * (docs/product.md 4), the answers still being sent, answers that stayed on the device, or the
 * server's refusal (docs/product.md 8: `bulkApprove.error.title` and `.description` with the
 * server's message) with a retry. Nothing was approved when any of these shows (the flow is back
 * where it was).
 */
export function ApprovalFeedback(props: { approval: Feedback }) {
  const t = useTranslation();
  return (
    <>
      {props.approval.notStarted && (
        <Text size="sm" role="alert">
          {t('bulkApprove.notStarted')}
        </Text>
      )}
      <StartFeedback approval={props.approval} />
      <StartWaitNote waiting={props.approval.starting} />
    </>
  );
}

function StartFeedback(props: { approval: Feedback }) {
  const t = useTranslation();
  const { approval } = props;
  if (approval.sendingAnswers)
    return (
      <Text size="sm" role="status">
        {t('bulkApprove.sendingAnswers')}
      </Text>
    );
  if (approval.answersWaiting)
    return (
      <Alert color="yellow" role="alert">
        {t('bulkApprove.answersWaiting')}
      </Alert>
    );
  if (!approval.startError) return null;
  return (
    <Alert color="red" role="alert" title={t('bulkApprove.error.title')}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {t('bulkApprove.error.description')} {jobStartMessage(approval.startError, t)}
        </Text>
        <Button size="compact-sm" variant="default" onClick={approval.retry}>
          {t('general.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
