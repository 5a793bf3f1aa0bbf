import type { QueryClient } from '@tanstack/react-query';
import { connectivity } from '../../api/connectivity';
import { endServerSession } from '../../api/end-server-session';
import { tokenStore } from '../../api/token-store';
import { clearClientStateOnLogout } from '../../offline/client-state';
import { activeOrganization } from '../../offline/active-organization';
import { queryPersistence } from '../../offline/query-persistence';
import { clearToasts } from '../../ui/toasts';

/**
 * docs/product.md 4: logout ends the session on the server, stops the outbox sender and clears the token cookie, the
 * organization cookies, the local question lists, toasts, copy and approve session state, and
 * the query cache (persisted too). Queued answers stay on the device for their author.
 */
export async function endSession(queryClient: QueryClient): Promise<void> {
  // The server ends the session first, so that no copy of the token outlives the logout
  // (docs/architecture.md "Sessions and revocation"). Offline it cannot be asked: the token then lives until it expires, on no device.
  const token = tokenStore.lastToken();
  if (token && connectivity.isOnline()) await endServerSession(token).catch(() => undefined);
  // The token goes first: the outbox sender stops with it (src/features/outbox/outbox-client.ts).
  tokenStore.clear();
  activeOrganization.clear();
  clearClientStateOnLogout();
  clearToasts();
  await queryClient.cancelQueries();
  queryClient.clear();
  await queryPersistence()?.clear();
}
