import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { tokenStore } from '../../../api/token-store';
import { useTranslation } from '../../../i18n/use-translation';
import { appDatabase } from '../../../offline/db';
import { subscribe, type OutboxSnapshot } from '../../../offline/outbox';
import { outboxSender } from '../outbox-client';

const EMPTY: OutboxSnapshot = { entries: [], pendingCount: 0, parkedCount: 0 };

/** The sender (started on first use) and a live snapshot of the signed-in user's outbox. */
export function useOutbox() {
  const queryClient = useQueryClient();
  const t = useTranslation();
  const sender = useMemo(
    () =>
      outboxSender(queryClient, {
        parked: (title, reason) => `${title}: ${t('assessment.saveStatus.parked', { reason })}`,
        notAuthorized: t('assessment.notAuthorized'),
      }),
    [queryClient, t],
  );
  const [snapshot, setSnapshot] = useState<OutboxSnapshot>(EMPTY);
  const ssoUuid = tokenStore.claims()?.sso_uuid;
  useEffect(() => {
    if (!ssoUuid) return;
    return subscribe(appDatabase(), setSnapshot, { ssoUuid });
  }, [ssoUuid]);
  return { sender, snapshot, db: appDatabase(), ssoUuid };
}
