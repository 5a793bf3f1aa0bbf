import type { AppDatabase } from './db';
import type { MirroredStorage } from './mirrored-storage';

/** The app's one IndexedDB database (src/offline/db.ts) and the store the query cache lives in. */
export const APP_DATABASE_NAME = 'boligtilgaengelighed';
const KEY_VALUES_STORE = 'keyValues';

/**
 * Every key-value pair in the app's database, read with the browser's own IndexedDB API instead
 * of Dexie: a signed-in start restores the query cache from this before anything else runs, and
 * Dexie is a download of its own (the `storage` chunk, vite.config.ts) that a weak line would
 * otherwise wait for before the screen could even ask for its data (docs/architecture.md "Offline
 * start"). Dexie stores `keyValues` rows as they are (`{ key, value }`), so the read sees what
 * Dexie wrote.
 *
 * A database that does not exist yet is not created here: the upgrade is aborted, which leaves
 * no database behind, and Dexie creates it with its schema on the first write. Resolves null
 * where IndexedDB cannot be opened (some private modes).
 */
export function readKeyValues(name = APP_DATABASE_NAME): Promise<Map<string, string> | null> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(name);
    } catch {
      resolve(null);
      return;
    }
    let created = false;
    request.onupgradeneeded = () => {
      created = true;
      request.transaction?.abort();
    };
    request.onerror = (event) => {
      // The aborted creation above: nothing stored yet. Anything else: IndexedDB is unusable.
      event.preventDefault();
      resolve(created ? new Map() : null);
    };
    request.onblocked = () => resolve(null);
    request.onsuccess = () => {
      const db = request.result;
      // Dexie may upgrade the schema while this connection is still open: never hold it up.
      db.onversionchange = () => db.close();
      const done = (entries: Map<string, string> | null) => {
        db.close();
        resolve(entries);
      };
      if (!db.objectStoreNames.contains(KEY_VALUES_STORE)) {
        done(new Map());
        return;
      }
      try {
        const all = db.transaction(KEY_VALUES_STORE, 'readonly').objectStore(KEY_VALUES_STORE).getAll();
        all.onsuccess = () => {
          const rows = all.result as { key: string; value: string }[];
          done(new Map(rows.map((row) => [row.key, row.value])));
        };
        all.onerror = () => done(null);
      } catch {
        done(null);
      }
    };
  });
}

/**
 * The synchronous storage the query persister needs (src/offline/mirrored-storage.ts): a Map in
 * memory, filled before the first render, with every write passed through to IndexedDB in
 * order. The database is asked for with the first write, not before: reads never wait for it.
 * With `openAfter`, not before that either (the first paint): until then writes wait in order,
 * and a caller that waits for them (`flush`) opens the database at once.
 */
export function mirrorKeyValues(
  initial: Map<string, string>,
  database: () => Promise<AppDatabase>,
  options: { openAfter?: Promise<unknown> } = {},
): MirroredStorage {
  const memory = new Map(initial);
  let chain: Promise<void> = Promise.resolve();
  let opened: Promise<AppDatabase> | null = null;
  let error: Error | null = null;
  let openNow: () => void = () => undefined;
  const due = new Promise<void>((resolve) => {
    openNow = resolve;
    if (options.openAfter)
      options.openAfter.then(
        () => resolve(),
        () => resolve(),
      );
    else resolve();
  });

  const write = (operation: (db: AppDatabase) => Promise<unknown>) => {
    chain = chain
      .then(
        () =>
          (opened ??= due.then(database).catch((e: unknown) => {
            // Asked again with the next write (a chunk that failed to load, say).
            opened = null;
            throw e;
          })),
      )
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
      write((db) => db.keyValues.put({ key, value }));
    },
    removeItem(key) {
      memory.delete(key);
      write((db) => db.keyValues.delete(key));
    },
    flush: () => {
      openNow();
      return chain;
    },
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
