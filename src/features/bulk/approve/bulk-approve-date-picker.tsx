import { Button, Group, Stack, Text } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import { futureValidFrom } from '../../../domain/approval';
import type { ApprovalRequest } from '../../../domain/bulk-approval';
import { useTranslation } from '../../../i18n/use-translation';
import { FutureDayPicker, isChosenFutureDay } from '../../../ui/future-day-picker';
import { PageHeader } from '../../../ui/page-header';
import { useReachReason } from '../../../ui/use-server-reach';
import { BulkApprovalProgress } from './approval-progress';
import { ApprovalFeedback } from './approval-error';
import type { SendWaitingAnswers } from '../../../hub/start-approval';
import { useBulkApproval } from './use-bulk-approval';

/**
 * /approve/confirm/datepicker and /approvecopied/confirm/datepicker/{propertyId} (docs/product.md 2):
 * approve the chosen residences from a later day. docs/product.md 5: days before tomorrow cannot
 * be chosen, Approve stays disabled until a day is chosen, and the day is sent as an ISO string
 * with the local offset (src/domain/approval.ts). `cancelLink` renders the way back.
 */
export function BulkApproveDatePicker(props: {
  request: ApprovalRequest;
  cancelLink: (rootProps: Record<string, unknown>) => ReactNode;
  sendWaitingAnswers?: SendWaitingAnswers;
}) {
  const t = useTranslation();
  const unreachable = useReachReason(t('bulkApprove.offline'));
  const reasonId = useId();
  const [day, setDay] = useState<string | null>(null);
  const approval = useBulkApproval(props.request, props.sendWaitingAnswers);
  const chosen = isChosenFutureDay(day);
  return (
    <>
      <PageHeader
        title={t('bulkApprove.datepicker.title')}
        description={t('bulkApprove.datepicker.description')}
      />
      <Stack gap="md">
        <FutureDayPicker
          value={day}
          onChange={setDay}
          chosenKey="bulkApprove.datepicker.selected"
          noneKey="bulkApprove.datepicker.none"
        />
        {unreachable && (
          <Text size="sm" id={reasonId}>
            {unreachable}
          </Text>
        )}
        <ApprovalFeedback approval={approval} />
        <Group gap="sm">
          <Button
            disabled={!chosen || unreachable !== null || approval.busy}
            loading={approval.busy}
            {...(unreachable ? { 'aria-describedby': reasonId } : {})}
            onClick={() => {
              if (isChosenFutureDay(day)) approval.approve(futureValidFrom(day));
            }}
          >
            {t('bulkApprove.datepicker.approve')}
          </Button>
          <Button variant="default" renderRoot={(rootProps) => props.cancelLink(rootProps)}>
            {t('bulkApprove.datepicker.cancel')}
          </Button>
        </Group>
      </Stack>
      <BulkApprovalProgress approval={approval} count={props.request.properties.length} />
    </>
  );
}
