import { Badge, Tooltip } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';

/** The header's offline state (docs/product.md 2), its description on hover, focus and touch. */
export function OfflineBadge() {
  const t = useTranslation();
  return (
    <Tooltip
      label={t('header.offline.description')}
      multiline
      w={260}
      events={{ hover: true, focus: true, touch: true }}
    >
      <Badge
        color="orange"
        variant="filled"
        // Dark text on orange: white on it fails the contrast an offline basement needs.
        autoContrast
        leftSection={<IconCloudOff size={14} aria-hidden />}
        tabIndex={0}
        role="status"
        aria-label={t('header.offline.description')}
      >
        {t('header.offline')}
      </Badge>
    </Tooltip>
  );
}
