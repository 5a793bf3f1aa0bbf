import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCalendar, IconCircleCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { nowValidFrom } from '../../../domain/approval';
import { useTranslation } from '../../../i18n/use-translation';
import { useOnline } from '../../../ui/use-online';
import type { Approval } from '../hooks/use-approve-assessment';

/**
 * docs/product.md 2 "The results page": Approve now and Approve in future. Offline both are
 * disabled with the reason (a job needs the server, docs/architecture.md 2 "Bulk jobs").
 */
export function ApproveActions(props: { propertyId: string; assessmentId: string; approval: Approval }) {
  const t = useTranslation();
  const online = useOnline();
  const reasonId = useId();
  const approval = props.approval;
  const disabled = !online || approval.busy;
  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Button
          leftSection={<IconCircleCheck size={16} aria-hidden />}
          disabled={disabled}
          loading={approval.busy}
          aria-describedby={online ? undefined : reasonId}
          onClick={() => void approval.approve({ iso: nowValidFrom(), future: false })}
        >
          {t('assessmentResult.approveNow')}
        </Button>
        {online && !approval.busy ? (
          <Button
            variant="outline"
            leftSection={<IconCalendar size={16} aria-hidden />}
            renderRoot={(rootProps) => (
              <Link
                {...rootProps}
                to="/results/datepicker/$propertyId/$assessmentId"
                params={{ propertyId: props.propertyId, assessmentId: props.assessmentId }}
              />
            )}
          >
            {t('assessmentResult.approveInFuture')}
          </Button>
        ) : (
          <Button
            variant="outline"
            leftSection={<IconCalendar size={16} aria-hidden />}
            disabled
            aria-describedby={online ? undefined : reasonId}
          >
            {t('assessmentResult.approveInFuture')}
          </Button>
        )}
      </Group>
      {!online && (
        <Text size="sm" id={reasonId}>
          {t('assessmentResult.approve.offline')}
        </Text>
      )}
      <ApprovalFeedback approval={approval} />
    </Stack>
  );
}

/** What went wrong before a job ran: answers still waiting, or the server refused to start it. */
export function ApprovalFeedback(props: {
  approval: Pick<Approval, 'blocked' | 'startFailed' | 'sendingAnswers'>;
}) {
  const t = useTranslation();
  if (props.approval.sendingAnswers)
    return (
      <Text size="sm" role="status">
        {t('assessmentResult.approve.sendingAnswers')}
      </Text>
    );
  if (props.approval.blocked === 'answersWaiting')
    return (
      <Alert color="yellow" role="alert">
        {t('assessmentResult.approve.answersWaiting')}
      </Alert>
    );
  if (props.approval.startFailed)
    return (
      <Alert color="red" role="alert">
        {t('assessmentResult.approveNow.error')}
      </Alert>
    );
  return null;
}
