import { useSyncExternalStore } from 'react';
import { tokenStore } from '../../api/token-store';

/** The current token, re-rendering when it is stored, renewed or cleared. */
export function useToken(): string | null {
  return useSyncExternalStore(tokenStore.subscribe, tokenStore.get);
}
