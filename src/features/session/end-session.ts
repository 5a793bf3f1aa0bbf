import type { QueryClient } from '@tanstack/react-query';
import { tokenStore } from '../../api/token-store';
import { clearClientStateOnLogout } from '../../offline/client-state';
import { activeOrganization } from '../../offline/active-organization';
import { queryPersistence } from '../../offline/query-persistence';
import { clearToasts } from '../../ui/toasts';

/**
 * docs/product.md 4: logout stops the outbox sender and clears the token cookie, the
 * organization cookies, the local question lists, toasts, copy and approve session state, and
 * the query cache (persisted too). Queued answers stay on the device for their author.
 */
export async function endSession(queryClient: QueryClient): Promise<void> {
  // The token goes first: the outbox sender stops with it (src/features/outbox/outbox-client.ts).
  tokenStore.clear();
  activeOrganization.clear();
  clearClientStateOnLogout();
  clearToasts();
  await queryClient.cancelQueries();
  queryClient.clear();
  await queryPersistence()?.clear();
}
