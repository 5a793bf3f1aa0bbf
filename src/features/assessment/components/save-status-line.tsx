import { Button, Group, Text } from '@mantine/core';
import { useRef } from 'react';
import type { SaveStatus, StorageFailure } from '../../../domain/save-status';
import type { TranslationKey } from '../../../../shared/texts/da';
import { useTranslation } from '../../../i18n/use-translation';
import type { ChangedSinceChoice } from '../../../offline/outbox';
import { useStoragePersisted } from '../hooks/use-storage-persisted';

/** The Danish reason beside "Ikke gemt" when the device refused to store an answer. */
export const STORAGE_FAILURE_TEXT: Record<StorageFailure, TranslationKey> = {
  quota: 'assessment.storage.quota',
  unavailable: 'assessment.storage.unavailable',
  unknown: 'assessment.storage.unknown',
};

/**
 * docs/product.md 2: the answer's status (saving, saved, not saved with the reason) and, when
 * refused, "Prøv igen". An answer kept only on the device says so too when the browser has not
 * promised to keep the site's data (src/offline/storage-persistence.ts). An answer refused
 * because a newer one is on the server (its reason names both) offers the choice between them
 * (docs/architecture.md 2, "An older answer").
 */
export function SaveStatusLine(props: {
  status: SaveStatus;
  onRetry: () => void;
  changedSince?: ChangedSinceChoice;
}) {
  const t = useTranslation();
  const { status, changedSince } = props;
  const statusText = useRef<HTMLParagraphElement>(null);
  // The buttons go with the choice: focus stays in the question, on the status that follows.
  const choose = (choice: () => Promise<unknown>) => {
    void choice().finally(() => statusText.current?.focus());
  };
  const text =
    status.kind === 'saving'
      ? t('general.saving')
      : status.kind === 'savedOnDevice'
        ? t(
            status.until === 'signIn'
              ? 'assessment.saveStatus.savedUntilSignIn'
              : 'assessment.saveStatus.savedOnDevice',
          )
        : status.kind === 'saved'
          ? t('general.saved')
          : status.kind === 'parked'
            ? t('assessment.saveStatus.parked', { reason: status.reason })
            : status.kind === 'notSaved'
              ? `${t('general.notSaved')}: ${t(STORAGE_FAILURE_TEXT[status.failure])} ${t('assessment.saveStatus.retrying')}`
              : '';
  const onDevice = status.kind === 'savedOnDevice';
  const mayBeEvicted = useStoragePersisted(onDevice) === false && onDevice;
  const line = (
    <Group gap="xs" wrap="nowrap" align="center" mih={20}>
      <Text
        ref={statusText}
        tabIndex={-1}
        size="sm"
        role="status"
        aria-live="polite"
        c={status.kind === 'notSaved' || status.kind === 'parked' ? 'red.9' : undefined}
      >
        {text}
      </Text>
      {status.kind === 'notSaved' && (
        <Button size="xs" variant="outline" color="red.9" onClick={props.onRetry}>
          {t('general.retry')}
        </Button>
      )}
    </Group>
  );
  if (status.kind === 'parked' && changedSince) {
    return (
      <div>
        {line}
        <Group gap="xs" mt={4}>
          <Button size="xs" onClick={() => choose(changedSince.keepMine)}>
            {t('outbox.changedSince.keepMine')}
          </Button>
          <Button size="xs" variant="default" onClick={() => choose(changedSince.takeNewest)}>
            {t('outbox.changedSince.takeNewest')}
          </Button>
        </Group>
      </div>
    );
  }
  if (!mayBeEvicted) return line;
  return (
    <div>
      {line}
      <Text size="xs">{t('assessment.saveStatus.mayBeEvicted')}</Text>
    </div>
  );
}
