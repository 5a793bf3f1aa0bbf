import type { AppDatabase } from './db';
import { mirrorKeyValues } from './key-value-mirror';

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

/**
 * The storage over a database already open, filled through Dexie. The app's start fills it
 * without Dexie (src/offline/key-value-mirror.ts); both write the same way.
 */
export async function createMirroredStorage(db: AppDatabase): Promise<MirroredStorage> {
  const rows = await db.keyValues.toArray();
  return mirrorKeyValues(new Map(rows.map((row) => [row.key, row.value])), () => Promise.resolve(db));
}
