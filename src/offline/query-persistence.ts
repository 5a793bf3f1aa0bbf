import type { QueryClient } from '@tanstack/react-query';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type PersistedClient,
  type Persister,
} from '@tanstack/query-persist-client-core';
import { dehydrate, type DehydratedState } from '@tanstack/react-query';
import { afterFirstPaint } from '../lib/first-paint';
import { logger } from '../lib/logger';
import { hasTakenAlong, isKeptOffline } from './client-state';
import { createMemoryStorage, mirrorKeyValues, readKeyValues } from './key-value-mirror';
import type { MirroredStorage } from './mirrored-storage';

/**
 * The query cache persisted to IndexedDB (docs/architecture.md 2), keyed to the signed-in user: the
 * user's sso_uuid is the buster, so one user's cache is never restored for another, and
 * logout removes it.
 */
export const PERSISTED_CACHE_KEY = 'bt-query-cache';
/** How long a persisted cache may be restored: a day of site visits without signal. */
export const PERSISTED_CACHE_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/**
 * How long a cache holding what was taken along offline may be restored (docs/architecture.md 2,
 * "Taken along offline"): a field trip of some days. Only the taken-along queries outlive the
 * day; the rest is dropped after the restore as before.
 */
export const TAKEN_ALONG_MAX_AGE_MS = 14 * PERSISTED_CACHE_MAX_AGE_MS;
export const ANONYMOUS = 'anonymous';
const THROTTLE_MS = 300;

export interface QueryPersistence {
  /** Restores the cache written for this user, if any (before the first render). */
  restore(): Promise<void>;
  /** From now on the cache belongs to this user (after sign-in). */
  switchUser(userKey: string): Promise<void>;
  /** Whose cache this is now (ANONYMOUS after a logout). */
  userKey(): string;
  /** Logout: the persisted cache is removed; the in-memory one is cleared by the caller. */
  clear(): Promise<void>;
  flush(): Promise<void>;
  /**
   * Writes the cache now, past the throttle, and resolves when it is in IndexedDB; rejects with
   * the device's error (a full quota) when it could not be stored.
   */
  persistNow(): Promise<void>;
  /** The last write error (a full quota); null while writes succeed. */
  lastError(): Error | null;
  /**
   * Stops the throttled saves until the returned release is called, which saves once. Each save
   * serializes the whole cache: while a take-along adds thousands of queries, saving every
   * 300 ms would serialize megabytes again and again. The holder saves with `persistNow` when it
   * wants the cache on the device; the release is its last save and rejects as `persistNow` does.
   */
  holdSaves(): () => Promise<void>;
}

/**
 * Every query that holds data goes to the device, also one whose last refetch failed
 * (docs/architecture.md 2, "Lie-fi is offline"). TanStack's default keeps only queries in
 * `success`: after one failed refetch on a weak line a screen's data dropped out of the next
 * save, and a reload then said "Siden er ikke på enheden" for a page the device had shown
 * minutes before. Saved as what it is, the data the server last gave: the failure is not kept.
 */
const dehydrateOptions = {
  shouldDehydrateQuery: (query: { state: { data: unknown } }) => query.state.data !== undefined,
};

export function keptAsLastSuccess(state: DehydratedState): DehydratedState {
  if (!state.queries.some((query) => query.state.status === 'error')) return state;
  return {
    ...state,
    queries: state.queries.map((query) =>
      query.state.status === 'error'
        ? {
            ...query,
            state: {
              ...query.state,
              status: 'success',
              error: null,
              fetchFailureCount: 0,
              fetchFailureReason: null,
            },
          }
        : query,
    ),
  };
}

/** A save throttled before a switch of user still carries the old buster; it must not land. */
function busterGated(storage: MirroredStorage, buster: () => string) {
  return {
    getItem: (key: string) => storage.getItem(key),
    setItem: (key: string, value: string) => {
      if (value.includes(`"buster":${JSON.stringify(buster())}`)) storage.setItem(key, value);
    },
    removeItem: (key: string) => storage.removeItem(key),
  };
}

/**
 * With `saveAfter`, the throttled saves start then: each serializes the whole cache, and the
 * first screen's data (the big list: 900 KB of JSON) would otherwise be serialized in the
 * middle of its first render. A change before that is saved then (`saveMissed`), as the cache
 * is then.
 */
function savingAfter(throttled: Persister, saveAfter: Promise<unknown> | undefined, saveMissed: () => void) {
  let saving = !saveAfter;
  let changedMeanwhile = false;
  void saveAfter?.then(() => {
    saving = true;
    if (changedMeanwhile) saveMissed();
  });
  const persister: Persister = {
    ...throttled,
    persistClient: (client) => {
      if (saving)
        return throttled.persistClient({ ...client, clientState: keptAsLastSuccess(client.clientState) });
      changedMeanwhile = true;
    },
  };
  return persister;
}

/**
 * The persisted client's timestamp is its last write: a day without use must not drop what was
 * taken along for days, so such a cache is restored for longer and whatever else in it is older
 * than a day is dropped here, query by query.
 */
async function restoreCache(queryClient: QueryClient, persister: Persister, buster: string): Promise<void> {
  const takenAlong = hasTakenAlong();
  await persistQueryClientRestore({
    queryClient,
    persister,
    buster,
    maxAge: takenAlong ? TAKEN_ALONG_MAX_AGE_MS : PERSISTED_CACHE_MAX_AGE_MS,
  });
  if (takenAlong) {
    const oldest = Date.now() - PERSISTED_CACHE_MAX_AGE_MS;
    queryClient.removeQueries({
      predicate: (query) => !isKeptOffline(query.queryKey) && query.state.dataUpdatedAt < oldest,
    });
  }
}

export function createQueryPersistence(
  queryClient: QueryClient,
  storage: MirroredStorage,
  initialUserKey: string,
  options: { saveAfter?: Promise<unknown> } = {},
): QueryPersistence {
  let buster = initialUserKey;
  const throttled: Persister = createSyncStoragePersister({
    storage: busterGated(storage, () => buster) as unknown as Storage,
    key: PERSISTED_CACHE_KEY,
    throttleTime: THROTTLE_MS,
  });
  const snapshot = (): PersistedClient => ({
    timestamp: Date.now(),
    buster,
    clientState: keptAsLastSuccess(dehydrate(queryClient, dehydrateOptions)),
  });
  let unsubscribe: (() => void) | null = null;
  let holds = 0;
  const persister = savingAfter(throttled, options.saveAfter, () => {
    if (unsubscribe) void throttled.persistClient(snapshot());
  });

  const subscribe = () => {
    unsubscribe?.();
    unsubscribe =
      holds > 0 ? null : persistQueryClientSubscribe({ queryClient, persister, buster, dehydrateOptions });
  };
  /** Writes the cache now, past the persister's throttle, and waits for IndexedDB. */
  const writeNow = () => {
    storage.setItem(PERSISTED_CACHE_KEY, JSON.stringify(snapshot()));
    return storage.flush();
  };

  return {
    async restore() {
      await restoreCache(queryClient, persister, buster);
      subscribe();
    },
    async switchUser(userKey) {
      if (userKey === buster && (unsubscribe || holds > 0)) return;
      buster = userKey;
      subscribe();
      // Written at once: a reload right after sign-in keeps it.
      await writeNow();
    },
    userKey: () => buster,
    async clear() {
      buster = ANONYMOUS;
      unsubscribe?.();
      unsubscribe = null;
      storage.removeItem(PERSISTED_CACHE_KEY);
      await storage.flush();
      subscribe();
    },
    flush: () => storage.flush(),
    lastError: () => storage.lastError(),
    async persistNow() {
      await writeNow();
      const error = storage.lastError();
      if (error) throw error;
    },
    holdSaves() {
      holds++;
      unsubscribe?.();
      unsubscribe = null;
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        if (--holds > 0) return;
        subscribe();
        await writeNow();
        const error = storage.lastError();
        if (error) throw error;
      };
    },
  };
}

let current: QueryPersistence | null = null;

/**
 * Starts (or hands to another user) the app's one persistence. A signed-in start awaits this
 * before the first render so an offline start shows the cached data. The cache is read with
 * IndexedDB's own API; Dexie (the `storage` chunk) is loaded with the first write after the
 * first paint, so neither a signed-out first visit, nor the restore, nor the first screen's
 * downloads wait for it (docs/architecture.md "Offline start").
 */
export async function startQueryPersistence(
  queryClient: QueryClient,
  userKey: string,
): Promise<QueryPersistence> {
  if (current) {
    await current.switchUser(userKey);
    return current;
  }
  const entries = await readKeyValues();
  // Where IndexedDB cannot be opened (some private modes) the cache lives in memory only.
  if (!entries) logger.warn('IndexedDB unavailable: the query cache lives in memory only');
  const storage = entries
    ? mirrorKeyValues(entries, () => import('./db').then(({ appDatabase }) => appDatabase()), {
        openAfter: afterFirstPaint(),
      })
    : createMemoryStorage();
  const persistence = createQueryPersistence(queryClient, storage, userKey, {
    saveAfter: afterFirstPaint(),
  });
  await persistence
    .restore()
    .catch((error: unknown) => logger.warn('the persisted cache was not restored', error));
  current = persistence;
  return persistence;
}

export function queryPersistence(): QueryPersistence | null {
  return current;
}
