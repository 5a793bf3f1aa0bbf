import { useSyncExternalStore } from 'react';
import type { BulkEvent, BulkState } from '../../../domain/bulk-mode';
import { bulkStore } from '../../../offline/bulk-state';

/**
 * The bulk flow's state (docs/product.md 4 "Bulk mode") for a component: re-renders when it
 * changes; `dispatch` moves it through the state machine and answers the new state.
 */
export function useBulkMode(): { state: BulkState; dispatch: (event: BulkEvent) => BulkState } {
  const state = useSyncExternalStore(bulkStore.subscribe, bulkStore.getSnapshot);
  return { state, dispatch: bulkStore.dispatch };
}
