import '@mantine/dates/styles.css';
import { Button, Group, Stack, Text } from '@mantine/core';
import { DatePicker, DatesProvider } from '@mantine/dates';
import { Link } from '@tanstack/react-router';
import dayjs from 'dayjs';
import 'dayjs/locale/da';
import { useId, useState } from 'react';
import { firstFutureDay, futureValidFrom, isSelectableDay } from '../../../domain/approval';
import { useTranslation } from '../../../i18n/use-translation';
import { formatShortDate } from '../../../ui/format';
import { PageHeader } from '../../../ui/page-header';
import { useOnline } from '../../../ui/use-online';
import { useApproveAssessment, type SendWaitingAnswers } from '../hooks/use-approve-assessment';
import { ApprovalProgress } from './approval-progress';
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
  const online = useOnline();
  const [day, setDay] = useState<string | null>(null);
  const approval = useApproveAssessment(props);
  const hintId = useId();
  const headingId = useId();
  const minDate = firstFutureDay();
  const chosen = day !== null && isSelectableDay(day);
  return (
    <>
      <PageHeader title={t('assessmentApprove.title')} description={t('assessmentApprove.description')} />
      <Stack gap="md">
        <div role="group" aria-labelledby={headingId} aria-describedby={hintId}>
          <Text fw={600} id={headingId}>
            {t('datepicker.label')}
          </Text>
          <Text size="sm" id={hintId} mb="sm">
            {t('datepicker.fromTomorrow')}
          </Text>
          <DatesProvider settings={{ locale: 'da', firstDayOfWeek: 1 }}>
            <DatePicker
              value={day}
              onChange={setDay}
              minDate={minDate}
              defaultDate={minDate}
              // Mantine's red weekend days fail the contrast rule (axe); weekends are plain days here.
              weekendDays={[]}
              ariaLabels={{
                previousMonth: t('datepicker.previousMonth'),
                nextMonth: t('datepicker.nextMonth'),
                monthLevelControl: t('datepicker.label'),
              }}
              getDayAriaLabel={(date) => dayjs(date).locale('da').format('dddd D. MMMM YYYY')}
            />
          </DatesProvider>
        </div>
        <Text aria-live="polite">
          {chosen
            ? t('assessmentApprove.selectedDate', { date: formatShortDate(day) })
            : t('assessmentApprove.noDateSelected')}
        </Text>
        {!online && <Text size="sm">{t('assessmentResult.approve.offline')}</Text>}
        <ApprovalFeedback approval={approval} />
        <Group gap="sm">
          <Button
            disabled={!chosen || !online || approval.busy}
            loading={approval.busy}
            onClick={() => {
              if (day !== null && chosen) void approval.approve({ iso: futureValidFrom(day), future: true });
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
      <ApprovalProgress job={approval.job} onClose={approval.dismissJob} />
    </>
  );
}
