import { setTokenSource } from '../api/http';
import { readSessionToken, storeSessionToken } from './credentials';
import { AppDatabase } from './db';
import { outboxSnapshot } from './outbox';
import { createOutboxSender, sendOutboxEntry } from './outbox-sender';

/** What the browser should do after a Background Sync round: nothing more, or try again later. */
export type BackgroundSyncOutcome = 'done' | 'retry';

/**
 * One round of the outbox from the service worker, when the connection returns with no window
 * open (docs/architecture.md 2, "Sending with the app closed"). It follows the page sender's
 * rules because it is the page sender: the same Web Lock (one sender across tabs and the
 * worker), the same idempotency keys and order; a 401 pauses (the entries wait for a new
 * sign-in), a 403 or 409 parks the entry with the server's reason for the page to show. It
 * sends with the token the page left in IndexedDB and keeps the renewals for the next round.
 * 'retry' when entries are still due after a failure the network may mend: the browser tries the
 * sync again later; the next start of the app sends them in any case.
 */
export async function sendOutboxInBackground(
  db: AppDatabase = new AppDatabase(),
): Promise<BackgroundSyncOutcome> {
  const stored = await readSessionToken(db);
  if (!stored) return 'done';
  let token: string | null = stored.token;
  setTokenSource({
    get: () => token,
    renewed(renewed, sent) {
      if (token !== sent) return;
      token = renewed;
      void storeSessionToken(db, { token: renewed, ssoUuid: stored.ssoUuid }).catch(() => undefined);
    },
    refused(sent) {
      if (token !== sent) return;
      token = null;
      void storeSessionToken(db, null).catch(() => undefined);
    },
  });
  const sender = createOutboxSender({
    db,
    send: sendOutboxEntry,
    currentUser: () => (token ? stored.ssoUuid : null),
    subscribeToSession: () => () => undefined,
  });
  // The connection is back: what waited for its backoff is due now, as on the page's online event.
  await sender.retryNow();
  if (!token || sender.isPaused()) return 'done';
  const left = await outboxSnapshot(db, stored.ssoUuid);
  return left.pendingCount > 0 ? 'retry' : 'done';
}
