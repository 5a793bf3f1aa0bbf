import { Button, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { futureValidFrom } from '../../../domain/approval';
import { useTranslation } from '../../../i18n/use-translation';
import { ApprovalProgressDialog } from '../../../ui/approval-progress-dialog';
import { FutureDayPicker, isChosenFutureDay } from '../../../ui/future-day-picker';
import { PageHeader } from '../../../ui/page-header';
import { useReachReason } from '../../../ui/use-server-reach';
import type { SendWaitingAnswers } from '../../../hub/start-approval';
import { useApproveAssessment } from '../hooks/use-approve-assessment';
import { ApprovalFeedback } from './approve-actions';

/**
 * docs/product.md 2, /results/datepicker/{propertyId}/{assessmentId}: approve one assessment from
 * a chosen day. docs/product.md 5: days before tomorrow cannot be chosen (today is Approve now),
 * Approve stays disabled until a day is chosen, and the day is sent with the local offset.
 */
export function ApproveDatePicker(props: {
  propertyId: string;
  assessmentId: string;
  sendWaitingAnswers?: SendWaitingAnswers;
}) {
  const t = useTranslation();
  const unreachable = useReachReason(t('assessmentResult.approve.offline'));
  const reasonId = useId();
  const [day, setDay] = useState<string | null>(null);
  const approval = useApproveAssessment(props);
  const chosen = isChosenFutureDay(day);
  return (
    <>
      <PageHeader title={t('assessmentApprove.title')} description={t('assessmentApprove.description')} />
      <Stack gap="md">
        <FutureDayPicker
          value={day}
          onChange={setDay}
          chosenKey="assessmentApprove.selectedDate"
          noneKey="assessmentApprove.noDateSelected"
        />
        {unreachable && (
          <Text size="sm" id={reasonId}>
            {unreachable}
          </Text>
        )}
        <ApprovalFeedback approval={approval} page="datePicker" />
        <Group gap="sm">
          <Button
            disabled={!chosen || unreachable !== null || approval.busy}
            loading={approval.busy}
            {...(unreachable ? { 'aria-describedby': reasonId } : {})}
            onClick={() => {
              if (isChosenFutureDay(day)) void approval.approve({ iso: futureValidFrom(day), future: true });
            }}
          >
            {t('assessmentApprove.approve')}
          </Button>
          <Button
            variant="default"
            renderRoot={(rootProps) => (
              <Link
                {...rootProps}
                to="/results/$propertyId/$assessmentId"
                params={{ propertyId: props.propertyId, assessmentId: props.assessmentId }}
              />
            )}
          >
            {t('assessmentApprove.cancel')}
          </Button>
        </Group>
      </Stack>
      <ApprovalProgressDialog
        job={approval.job}
        errorText={`${t('assessmentApprove.error.title')}. ${t('assessmentApprove.error.description')}`}
        onClose={approval.dismissJob}
      />
    </>
  );
}
