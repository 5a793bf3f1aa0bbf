import type { QueryClient } from '@tanstack/react-query';
import { decodeToken, tokenStore } from '../../api/token-store';
import { ANONYMOUS, queryPersistence, startQueryPersistence } from '../../offline/query-persistence';
import { askPersistentStorage } from '../../offline/storage-persistence';
import { endSession } from './end-session';

/**
 * The token from the sign-on (docs/product.md 2, /loginCallback): stored, the persisted cache handed to
 * this user, and durable storage asked for so the browser does not evict offline answers.
 * Signing in as someone else than the session (or the cache) on this device belongs to runs
 * the whole logout clean-up first: the next user never sees the previous one's organizations,
 * lists or answers, and the previous cache is never saved under the new user's key. Queued
 * answers stay, each with its author (docs/architecture.md "Outbox rules").
 * Throws "Invalid token specified" for anything that is not a token.
 */
export async function signIn(token: string, queryClient: QueryClient): Promise<void> {
  const incoming = decodeToken(token);
  // Whose session the device holds, also after its token expired (docs/product.md "Session"):
  // the same user signing in again keeps everything; another one gets a clean device.
  const previous = tokenStore.user() ?? queryPersistence()?.userKey() ?? ANONYMOUS;
  if (previous !== ANONYMOUS && previous !== incoming.sso_uuid) await endSession(queryClient);
  const claims = tokenStore.set(token, { signIn: true });
  await startQueryPersistence(queryClient, claims.sso_uuid);
  // Not granted or not supported: answers still live in IndexedDB, only less protected, and the
  // form says so beside an answer kept on the device (SaveStatusLine).
  await askPersistentStorage();
}
