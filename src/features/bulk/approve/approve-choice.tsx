import { Button, Group, Stack, Text } from '@mantine/core';
import { IconCalendar, IconCircleCheck } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { nowValidFrom } from '../../../domain/approval';
import { useTranslation } from '../../../i18n/use-translation';
import { useOnline } from '../../../ui/use-online';
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
  const online = useOnline();
  const reasonId = useId();
  const { approval } = props;
  const disabled = !online || approval.busy;
  const described = online ? {} : { 'aria-describedby': reasonId };
  return (
    <Stack gap="sm">
      <Group gap="sm">
        <Button
          leftSection={<IconCircleCheck size={16} aria-hidden />}
          disabled={disabled}
          loading={approval.busy}
          {...described}
          onClick={() => approval.approve(nowValidFrom())}
        >
          {t('bulkApprove.approveNow')}
        </Button>
        {disabled ? (
          <Button
            variant="outline"
            leftSection={<IconCalendar size={16} aria-hidden />}
            disabled
            {...described}
          >
            {t('bulkApprove.approveInFuture')}
          </Button>
        ) : (
          <Button
            variant="outline"
            leftSection={<IconCalendar size={16} aria-hidden />}
            renderRoot={(rootProps) => props.futureLink(rootProps)}
          >
            {t('bulkApprove.approveInFuture')}
          </Button>
        )}
      </Group>
      {!online && (
        <Text size="sm" id={reasonId}>
          {t('bulkApprove.offline')}
        </Text>
      )}
      {approval.notStarted && (
        <Text size="sm" role="alert">
          {t('bulkApprove.notStarted')}
        </Text>
      )}
      <ApprovalFeedback approval={approval} />
    </Stack>
  );
}
