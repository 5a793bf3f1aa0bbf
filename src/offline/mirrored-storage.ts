import type { AppDatabase } from './db';

/**
 * A synchronous key-value storage over Dexie for the query persister: a Map in memory,
 * filled from IndexedDB before the first render, with every write passed through to
 * IndexedDB in order. Reads never wait; `flush` waits for the writes.
 */
export interface MirroredStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  /** Resolves when every write so far is in IndexedDB. */
  flush(): Promise<void>;
  /** The last write error, e.g. a full quota; null while writes succeed. */
  lastError(): Error | null;
}

export async function createMirroredStorage(db: AppDatabase): Promise<MirroredStorage> {
  const memory = new Map<string, string>();
  for (const row of await db.keyValues.toArray()) memory.set(row.key, row.value);
  let chain: Promise<void> = Promise.resolve();
  let error: Error | null = null;

  const write = (operation: () => Promise<unknown>) => {
    chain = chain
      .then(operation)
      .then(() => {
        error = null;
      })
      .catch((e: unknown) => {
        // A full quota or a closed connection must not break the app; it is shown as state.
        error = e instanceof Error ? e : new Error(String(e));
      });
  };

  return {
    getItem: (key) => memory.get(key) ?? null,
    setItem(key, value) {
      memory.set(key, value);
      write(() => db.keyValues.put({ key, value }));
    },
    removeItem(key) {
      memory.delete(key);
      write(() => db.keyValues.delete(key));
    },
    flush: () => chain,
    lastError: () => error,
  };
}

/** Where IndexedDB cannot be opened (some private modes): the same interface, memory only. */
export function createMemoryStorage(): MirroredStorage {
  const memory = new Map<string, string>();
  return {
    getItem: (key) => memory.get(key) ?? null,
    setItem: (key, value) => void memory.set(key, value),
    removeItem: (key) => void memory.delete(key),
    flush: () => Promise.resolve(),
    lastError: () => null,
  };
}
