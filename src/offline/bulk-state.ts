import { tokenStore } from '../api/token-store';
import {
  bulkTransition,
  INITIAL_BULK_STATE,
  parseBulkState,
  type BulkEvent,
  type BulkState,
} from '../domain/bulk-mode';
import { sessionValues } from './client-state';
import { createListeners } from '../lib/listeners';

/**
 * The bulk-flow state of docs/architecture.md 2 "Jobs: approving and bulk copy" (targets, source,
 * mode, origin, copied and approved residences), kept in session storage under "bulk:" so that a
 * reload continues the flow and logout (which clears that prefix) ends it. Changes go only
 * through the state machine of src/domain/bulk-mode.ts.
 */

export const BULK_STATE_KEY = 'bulk:state';

export interface BulkStore {
  getSnapshot(): BulkState;
  /** Applies the event; returns the new state (the same object when the event did not fit). */
  dispatch(event: BulkEvent): BulkState;
  subscribe(listener: () => void): () => void;
  /** Forgets the flow (sign-out). */
  reset(): void;
}

export interface BulkStorage {
  raw(key: string): string | null;
  set(key: string, value: unknown): void;
  remove(key: string): void;
}

export function createBulkStore(storage: BulkStorage): BulkStore {
  const listeners = createListeners();
  let lastRaw = storage.raw(BULK_STATE_KEY);
  let state = parseBulkState(lastRaw);
  const emit = () => listeners.emit();

  function current(): BulkState {
    // Another writer (logout's removePrefix) may have changed the stored value meanwhile.
    const raw = storage.raw(BULK_STATE_KEY);
    if (raw !== lastRaw) {
      lastRaw = raw;
      state = parseBulkState(raw);
    }
    return state;
  }

  function store(next: BulkState): void {
    state = next;
    if (next.mode === 'idle') storage.remove(BULK_STATE_KEY);
    else storage.set(BULK_STATE_KEY, next);
    // Where session storage refuses the value it lives in memory for this page.
    lastRaw = storage.raw(BULK_STATE_KEY);
  }

  return {
    getSnapshot: current,
    dispatch(event) {
      const before = current();
      const next = bulkTransition(before, event);
      if (next !== before) {
        store(next);
        emit();
      }
      return next;
    },
    subscribe(listener) {
      return listeners.subscribe(listener);
    },
    reset() {
      if (current() === INITIAL_BULK_STATE) return;
      store(INITIAL_BULK_STATE);
      emit();
    },
  };
}

export const bulkStore: BulkStore = createBulkStore(sessionValues);

// docs/product.md 4: logout clears the copy and approve session state.
tokenStore.subscribe((token) => {
  if (token === null) bulkStore.reset();
});
