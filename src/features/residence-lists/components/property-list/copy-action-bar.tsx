import { Button, Group, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { cancelRoute, type BulkState } from '../../../../domain/bulk-mode';
import { pluralKey } from '../../../../i18n/translate';
import { useTranslation } from '../../../../i18n/use-translation';
import { bulkStore } from '../../../../offline/bulk-state';
import { useCurrentPath } from '../../../../ui/use-current-path';
import { ActionBar } from '../../../../ui/action-bar';

/**
 * The action bar while copying (docs/product.md 4 "Bulk mode"): which assessment is being
 * copied, how many residences were chosen (on any list), Cancel back to where the copy began,
 * and on to the /copy summary with its Paste button.
 */
export function CopyActionBar(props: { state: BulkState }) {
  const t = useTranslation();
  const navigate = useNavigate();
  const here = useCurrentPath();
  const { source, targets } = props.state;
  const count = targets.length;
  const cancel = () => {
    const origin = cancelRoute(props.state);
    bulkStore.dispatch({ type: 'cancel' });
    if (origin !== here) void navigate({ to: origin });
  };
  return (
    <ActionBar label={t('copy.selecting.label', { location: source?.location ?? '' })}>
      <Group justify="space-between" gap="xs">
        <Stack gap={0}>
          <Text fw={600}>{t('copy.selecting.label', { location: source?.location ?? '' })}</Text>
          <Text size="sm" role="status">
            {count === 0 ? t('copy.selecting.hint') : t(pluralKey('copy.summary.targets', count), { count })}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button variant="default" onClick={cancel}>
            {t('propertiesList.action.cancel')}
          </Button>
          <Button onClick={() => void navigate({ to: '/copy' })}>{t('copy.continue', { count })}</Button>
        </Group>
      </Group>
    </ActionBar>
  );
}
