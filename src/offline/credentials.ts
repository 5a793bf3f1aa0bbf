import { withReopen } from './outbox';
import type { AppDatabase } from './db';

/**
 * The token the service worker sends the outbox with (docs/architecture.md 2, "Sending with the
 * app closed"): a copy of the page's current one, kept in IndexedDB because a worker cannot read
 * cookies. The page writes it when its token changes; the worker writes the renewals its own
 * requests bring. Null removes it (logout, a refused token).
 */
export async function storeSessionToken(
  db: AppDatabase,
  session: { token: string; ssoUuid: string } | null,
): Promise<void> {
  await withReopen(db, async () => {
    if (session) await db.credentials.put({ key: 'session', ...session });
    else await db.credentials.delete('session');
  });
}

export async function readSessionToken(db: AppDatabase): Promise<{ token: string; ssoUuid: string } | null> {
  const row = await withReopen(db, () => db.credentials.get('session'));
  return row ? { token: row.token, ssoUuid: row.ssoUuid } : null;
}
