import { Alert, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useId } from 'react';
import type { BulkTarget } from '../../../domain/bulk-mode';
import { groupOverwrites, OVERWRITE_GROUP_ORDER, overwriteWording } from '../../../domain/bulk-selection';
import { pluralKey } from '../../../i18n/translate';
import { useTranslation } from '../../../i18n/use-translation';

/**
 * docs/product.md 4 "Overwrite": the targets that already have an assessment, grouped as
 * approved, draft (calculated included), rejected and ready; one message names the kinds present
 * and its wording follows the combination. Nothing is shown when no target has an assessment.
 */
export function OverwriteWarning(props: { targets: readonly BulkTarget[] }) {
  const t = useTranslation();
  const titleId = useId();
  const groups = groupOverwrites(props.targets);
  const wording = overwriteWording(groups);
  if (!wording) return null;
  return (
    <section aria-labelledby={titleId}>
      <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} role="note">
        <Text fw={700} id={titleId}>
          {t('copy.overwriteWarning.title')}
        </Text>
        <Text size="sm">{t('copy.overwriteWarning.intro')}</Text>
        <List size="sm" my="xs">
          {OVERWRITE_GROUP_ORDER.filter((group) => groups[group] > 0).map((group) => (
            <List.Item key={group}>
              {t(pluralKey(`copy.overwriteWarning.${group}`, groups[group]), { count: groups[group] })}
            </List.Item>
          ))}
        </List>
        <Text size="sm">{t(wording)}</Text>
      </Alert>
    </section>
  );
}
