import { Badge } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import classes from './offline-badge.module.css';

/**
 * The header's offline state (docs/product.md 2), its description on hover, focus and touch (a
 * tap focuses the badge), dismissed by Escape. Positioned by CSS rather than Mantine's Tooltip:
 * the badge is in the entry chunk (it must show before the service worker controls the page)
 * and the Tooltip would bring its positioning library, a tenth of that chunk, to every first
 * visit (docs/performance.md "Bytes on the wire").
 */
export function OfflineBadge() {
  const t = useTranslation();
  const [open, setOpen] = useState(false);
  const description = t('header.offline.description');
  return (
    <span className={classes.anchor} onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <Badge
        color="orange"
        variant="filled"
        // Dark text on orange: white on it fails the contrast an offline basement needs.
        autoContrast
        leftSection={<IconCloudOff size={14} aria-hidden />}
        tabIndex={0}
        role="status"
        aria-label={description}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
      >
        {t('header.offline')}
      </Badge>
      {/* The badge's own name already says this to assistive technology. */}
      {open && (
        <span className={classes.description} aria-hidden>
          {description}
        </span>
      )}
    </span>
  );
}
