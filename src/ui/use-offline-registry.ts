import { useSyncExternalStore } from 'react';
import { offlineRegistry, subscribeOfflineRegistry, type OfflineRegistry } from '../offline/client-state';

/** What was taken along, for the screens (src/offline/client-state.ts keeps it). */
export function useOfflineRegistry(): OfflineRegistry {
  return useSyncExternalStore(subscribeOfflineRegistry, offlineRegistry);
}
