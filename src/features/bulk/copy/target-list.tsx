import { ActionIcon, Group, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { BulkTarget } from '../../../domain/bulk-mode';
import { useTranslation } from '../../../i18n/use-translation';
import { CardList, CardListItem } from '../../../ui/card-list';
import { StatusBadge } from '../../../ui/status-badge';

/** The residences chosen to receive the copy, each with its status and a way to remove it. */
export function TargetList(props: {
  targets: readonly BulkTarget[];
  onRemove: (propertyId: string) => void;
  /** While the job runs nothing can be removed. */
  disabled?: boolean;
  /** The remove button's name: the summary's or the bulk-copy screen's text. */
  removeLabel?: 'copy.summary.remove' | 'bulkCopy.remove';
}) {
  const t = useTranslation();
  if (props.targets.length === 0) return <Text role="status">{t('copy.summary.empty')}</Text>;
  return (
    <CardList>
      {props.targets.map((target) => (
        <CardListItem key={target.propertyId} py={6}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Group gap="xs" miw={0}>
              <Text fw={600} truncate>
                {target.location}
              </Text>
              <StatusBadge status={target.status} />
            </Group>
            {!props.disabled && (
              <ActionIcon
                variant="subtle"
                color="gray.8"
                aria-label={t(props.removeLabel ?? 'copy.summary.remove', { location: target.location })}
                onClick={() => props.onRemove(target.propertyId)}
              >
                <IconX size={18} aria-hidden />
              </ActionIcon>
            )}
          </Group>
        </CardListItem>
      ))}
    </CardList>
  );
}
