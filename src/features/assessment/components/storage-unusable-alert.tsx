import { Alert } from '@mantine/core';
import type { DeviceStorage } from '../../../domain/save-status';
import { useTranslation } from '../../../i18n/use-translation';

/**
 * The browser refused IndexedDB when it was opened (private mode, storage turned off, no room):
 * the form says at once that answers cannot be stored here, and why, instead of failing later.
 */
export function StorageUnusableAlert(props: { storage: DeviceStorage }) {
  const t = useTranslation();
  if (props.storage.state !== 'unusable') return null;
  return (
    <Alert color="red" role="alert" title={t('assessment.storageUnusable.title')}>
      {props.storage.failure === 'quota'
        ? t('assessment.storageUnusable.quota')
        : t('assessment.storageUnusable.body')}
    </Alert>
  );
}
