import { Button, Group, Stack, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { locatedAssessmentsQueryOptions } from '../../../api/get-located-assessments';
import { futureDayOf } from '../../../domain/bulk-approval';
import { assessmentRefs, isCopiedListPath, type BulkApproveItem } from '../../../domain/bulk-mode';
import { displayStatus } from '../../../domain/statuses';
import { pluralKey } from '../../../i18n/translate';
import { useTranslation } from '../../../i18n/use-translation';
import { CardList, CardListItem } from '../../../ui/card-list';
import { formatShortDate } from '../../../ui/format';
import { PageHeader } from '../../../ui/page-header';
import { StatusBadge } from '../../../ui/status-badge';
import { useBulkMode } from '../hooks/use-bulk-mode';
import { finishBulkFlow, LeaveFlowGuard } from './leave-flow-guard';
import { justApproved } from './load-approved';

/**
 * /approved and /approvecopied/confirmation (docs/product.md 2 and 4): the assessments just
 * approved with their statuses as the server has them now, and "Gælder fra" with the day for
 * those approved from a later day. Finish ends the flow and goes home; leaving otherwise asks
 * first (the guard dialog).
 */
export function ApprovedList(props: { variant: 'list' | 'copied' }) {
  const t = useTranslation();
  const title = t(
    props.variant === 'list' ? 'bulkApprove.approved.title' : 'approveCopied.confirmation.title',
  );
  const navigate = useNavigate();
  const { state } = useBulkMode();
  const approved = justApproved(state);
  const finish = () => {
    finishBulkFlow();
    void navigate({ to: '/' });
  };
  return (
    <>
      <PageHeader
        title={title}
        description={
          approved.length > 0
            ? t(pluralKey('bulkApprove.approved.description', approved.length), { count: approved.length })
            : undefined
        }
      />
      {approved.length > 0 ? (
        <ApprovedEntries approved={approved} />
      ) : (
        <Text role="status">{t('approved.empty')}</Text>
      )}
      <Group mt="lg">
        <Button onClick={finish}>{t('approved.finish')}</Button>
      </Group>
      {/* From the copies' confirmation their list is still part of the flow (docs/product.md 2). */}
      <LeaveFlowGuard allow={props.variant === 'copied' ? isCopiedListPath : undefined} />
    </>
  );
}

function ApprovedEntries(props: { approved: readonly BulkApproveItem[] }) {
  const t = useTranslation();
  const refs = useMemo(() => assessmentRefs(props.approved), [props.approved]);
  const { data: located } = useSuspenseQuery(locatedAssessmentsQueryOptions(refs));
  const byId = useMemo(() => new Map(located.map((entry) => [entry.assessmentId, entry])), [located]);
  return (
    <CardList aria-label={t('approved.list.label')}>
      {props.approved.map((item) => {
        const current = byId.get(item.assessmentId);
        const futureDay = futureDayOf(item.validFrom);
        return (
          <CardListItem key={item.assessmentId}>
            <Group justify="space-between" gap="sm">
              <Stack gap={2} miw={0}>
                <Text fw={600}>{current?.location ?? item.propertyId}</Text>
                {futureDay && (
                  <Text size="sm">{t('approved.validFrom', { date: formatShortDate(futureDay) })}</Text>
                )}
              </Stack>
              {current && (
                <StatusBadge
                  status={displayStatus(
                    current.assessmentStatus,
                    current.isCalculated,
                    current.futureApprovedDate,
                  )}
                  futureApprovedDate={current.futureApprovedDate}
                />
              )}
            </Group>
          </CardListItem>
        );
      })}
    </CardList>
  );
}
