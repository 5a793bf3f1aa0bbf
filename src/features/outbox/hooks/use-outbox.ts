import { connectivity } from '../../../api/connectivity';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { tokenStore } from '../../../api/token-store';
import { storageFailureOf, type DeviceStorage } from '../../../domain/save-status';
import { useTranslation } from '../../../i18n/use-translation';
import { formatShortDate, formatTime } from '../../../ui/format';
import { deviceOutbox } from '../../../offline/device-outbox';
import type { OutboxSnapshot } from '../../../offline/outbox';
import { outboxEntryTitle } from '../outbox-entry-title';
import { outboxSender, requestBackgroundSync } from '../outbox-client';

const EMPTY: OutboxSnapshot = { entries: [], records: [], pendingCount: 0, parkedCount: 0, readAt: 0 };

/**
 * The sender (started on first use), a live snapshot of the signed-in user's outbox, and whether
 * the browser lets us store answers at all (docs/architecture.md 2: private modes and blocked storage
 * refuse IndexedDB when it is opened; the form says so instead of claiming answers are saved).
 */
export function useOutbox() {
  const queryClient = useQueryClient();
  const t = useTranslation();
  const sender = useMemo(
    () =>
      outboxSender(queryClient, {
        parked: (title, reason) => `${title}: ${t('assessment.saveStatus.parked', { reason })}`,
        notAuthorized: t('assessment.notAuthorized'),
        idTaken: t('outbox.create.idTaken'),
        screeningNotComplete: t('assessment.screeningNotComplete'),
        photoRefused: t('photos.refused'),
        title: (entry) => outboxEntryTitle(t, entry),
        changedSince: ({ by, at, mine, newest }) =>
          t(by ? 'outbox.changedSince.by' : 'outbox.changedSince', {
            name: by ?? '',
            date: formatShortDate(at),
            time: formatTime(at),
            mine: mine || t('outbox.value.empty'),
            newest: newest || t('outbox.value.empty'),
          }),
        changedSinceToast: (title) => t('outbox.changedSince.toast', { title }),
      }),
    [queryClient, t],
  );
  const [snapshot, setSnapshot] = useState<OutboxSnapshot>(EMPTY);
  const [storage, setStorage] = useState<DeviceStorage>({ state: 'checking' });
  const ssoUuid = tokenStore.user() ?? undefined;

  useEffect(() => {
    let active = true;
    deviceOutbox.open().then(
      () => active && setStorage({ state: 'usable' }),
      (error: unknown) => active && setStorage({ state: 'unusable', failure: storageFailureOf(error) }),
    );
    return () => {
      active = false;
    };
  }, []);

  useEffect(() => {
    if (!ssoUuid) return;
    return deviceOutbox.subscribe(setSnapshot, { ssoUuid });
  }, [ssoUuid]);

  /** After an enqueue: send what is due; offline, ask the browser to wake us when it is back. */
  const send = useCallback(async () => {
    if (!connectivity.isOnline()) void requestBackgroundSync();
    await sender.drain();
  }, [sender]);

  // The form and the list read and write the outbox through `store`, never through the database
  // itself (docs/architecture.md 7, "Storage").
  return { sender, snapshot, store: deviceOutbox, ssoUuid, storage, send };
}
