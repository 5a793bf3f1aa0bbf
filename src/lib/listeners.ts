/**
 * The listeners of one of our small stores (the connection, the token, the bulk flow, a job's
 * progress …), which components read through `useSyncExternalStore`. `emit` calls every listener
 * subscribed when it starts, so one that unsubscribes meanwhile does not make another miss it.
 */
export interface Listeners<A extends unknown[] = []> {
  subscribe(listener: (...args: A) => void): () => void;
  emit(...args: A): void;
  readonly size: number;
}

export function createListeners<A extends unknown[] = []>(): Listeners<A> {
  const listeners = new Set<(...args: A) => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    emit(...args) {
      for (const listener of [...listeners]) listener(...args);
    },
    get size() {
      return listeners.size;
    },
  };
}
