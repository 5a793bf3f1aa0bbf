import type { QueryClient } from '@tanstack/react-query';
import { tokenStore } from '../../api/token-store';
import { clearClientStateOnLogout } from '../../offline/client-state';
import { activeOrganization } from '../../offline/active-organization';
import { queryPersistence } from '../../offline/query-persistence';
import { clearToasts } from '../../ui/toasts';

/**
 * docs/product.md 4: logout clears the token cookie, the organization cookies, the local
 * question lists, toasts, copy and approve session state, and the query cache (persisted too).
 */
export async function endSession(queryClient: QueryClient): Promise<void> {
  tokenStore.clear();
  activeOrganization.clear();
  clearClientStateOnLogout();
  clearToasts();
  await queryClient.cancelQueries();
  queryClient.clear();
  await queryPersistence()?.clear();
}
