import { IconCloudCheck } from '@tabler/icons-react';
import { useTranslation } from '../i18n/use-translation';
import { formatShortDate } from './format';
import classes from './offline-mark.module.css';

/**
 * A residence kept on the device (docs/architecture.md 2, "Taken along offline"): an icon with an
 * accessible name.
 */
export function OfflineMark(props: { fetchedAt?: string }) {
  const t = useTranslation();
  const label = props.fetchedAt
    ? t('takeAlong.mark.dated', { date: formatShortDate(props.fetchedAt) })
    : t('takeAlong.mark');
  return (
    <span className={classes.mark} role="img" aria-label={label} title={label}>
      <IconCloudCheck size={16} aria-hidden />
    </span>
  );
}
