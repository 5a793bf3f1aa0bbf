import { tokenStore } from '../../api/token-store';
import type { QueryClient } from '@tanstack/react-query';
import { startQueryPersistence } from '../../offline/query-persistence';

/**
 * The token from the sign-on (docs/product.md 2, /loginCallback): stored, the persisted cache handed to
 * this user, and durable storage asked for so the browser does not evict offline answers.
 * Throws "Invalid token specified" for anything that is not a token.
 */
export async function signIn(token: string, queryClient: QueryClient): Promise<void> {
  const claims = tokenStore.set(token);
  await startQueryPersistence(queryClient, claims.sso_uuid);
  try {
    await navigator.storage?.persist?.();
  } catch {
    // Not granted or not supported: answers still live in IndexedDB, only less protected.
  }
}
