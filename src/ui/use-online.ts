import { useSyncExternalStore } from 'react';
import { connectivity } from '../api/connectivity';

/**
 * Whether requests get through: the browser has a network and the app's requests have not been
 * failing (src/api/connectivity.ts). A connection that passes nothing counts as offline.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(connectivity.subscribe, connectivity.isOnline);
}
