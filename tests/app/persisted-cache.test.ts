// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import type { PersistedClient } from '@tanstack/query-persist-client-core';
import { afterEach, describe, expect, it } from 'vitest';
import { AppDatabase } from '../../src/offline/db';
import { createMirroredStorage, type MirroredStorage } from '../../src/offline/mirrored-storage';
import {
  ANONYMOUS,
  PERSISTED_CACHE_KEY,
  createQueryPersistence,
  type QueryPersistence,
} from '../../src/offline/query-persistence';

const USER_A = '11111111-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const USER_B = '22222222-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

const ORGANIZATIONS_KEY = ['organizations'] as const;
const ORGANIZATIONS = [
  { id: 'org-1', name: 'Boligselskabet Øst' },
  { id: 'org-2', name: 'Åbyhøj Boligforening' },
];
const DEPARTMENTS_KEY = ['departments', 'org-1'] as const;
const DEPARTMENTS = [{ id: 'dep-1', name: 'Afdeling 1 – Søndergården' }];

/** Longer than the persister's 300 ms throttle. */
const waitForThrottle = () => new Promise((resolve) => setTimeout(resolve, 400));

const databases: AppDatabase[] = [];
const clients: QueryClient[] = [];

function newDatabaseName() {
  return `test-${crypto.randomUUID()}`;
}

function openDatabase(name: string): AppDatabase {
  const db = new AppDatabase(name);
  databases.push(db);
  return db;
}

function newQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: { queries: { gcTime: 15 * 60 * 1000, staleTime: Infinity } },
  });
  clients.push(client);
  return client;
}

interface Session {
  db: AppDatabase;
  storage: MirroredStorage;
  queryClient: QueryClient;
  persistence: QueryPersistence;
}

/** What main.tsx does before the first render: hydrate storage, create persistence, restore. */
async function startApp(dbName: string, userKey: string): Promise<Session> {
  const db = openDatabase(dbName);
  const storage = await createMirroredStorage(db);
  const queryClient = newQueryClient();
  const persistence = createQueryPersistence(queryClient, storage, userKey);
  await persistence.restore();
  return { db, storage, queryClient, persistence };
}

async function persistedInIndexedDb(db: AppDatabase): Promise<PersistedClient | undefined> {
  const row = await db.keyValues.get(PERSISTED_CACHE_KEY);
  return row ? (JSON.parse(row.value) as PersistedClient) : undefined;
}

function persistedInMemory(storage: MirroredStorage): PersistedClient | null {
  const value = storage.getItem(PERSISTED_CACHE_KEY);
  return value === null ? null : (JSON.parse(value) as PersistedClient);
}

function queryKeysOf(client: PersistedClient | null | undefined): unknown[] {
  return client?.clientState.queries.map((q) => q.queryKey) ?? [];
}

afterEach(async () => {
  for (const client of clients.splice(0)) client.clear();
  for (const db of databases.splice(0)) {
    db.close();
    await db.delete().catch(() => undefined);
  }
});

describe('persisted query cache (docs/architecture.md 2)', () => {
  it('survives a reload: storage is hydrated before any render and a new QueryClient restores the data', async () => {
    const dbName = newDatabaseName();
    const first = await startApp(dbName, USER_A);
    first.queryClient.setQueryData(ORGANIZATIONS_KEY, ORGANIZATIONS);
    first.queryClient.setQueryData(DEPARTMENTS_KEY, DEPARTMENTS);
    await waitForThrottle();
    await first.persistence.flush();
    first.db.close();

    // Reload: a new storage over the same database.
    const db = openDatabase(dbName);
    const storage = await createMirroredStorage(db);
    // Synchronously readable right after hydration, before any render.
    const hydrated = persistedInMemory(storage);
    expect(hydrated).not.toBeNull();
    expect(hydrated!.buster).toBe(USER_A);

    const queryClient = newQueryClient();
    expect(queryClient.getQueryData(ORGANIZATIONS_KEY)).toBeUndefined();
    const persistence = createQueryPersistence(queryClient, storage, USER_A);
    await persistence.restore();
    expect(queryClient.getQueryData(ORGANIZATIONS_KEY)).toEqual(ORGANIZATIONS);
    expect(queryClient.getQueryData(DEPARTMENTS_KEY)).toEqual(DEPARTMENTS);
  });

  it('keeps a query whose refetch failed, as the data the server last gave (lie-fi)', async () => {
    const dbName = newDatabaseName();
    const first = await startApp(dbName, USER_A);
    first.queryClient.setQueryData(DEPARTMENTS_KEY, DEPARTMENTS);
    // A refetch on a connection that passes nothing: the query keeps its data, status error.
    await first.queryClient
      .fetchQuery({
        queryKey: DEPARTMENTS_KEY,
        queryFn: () => Promise.reject(new Error('Timeout')),
        staleTime: 0,
        retry: false,
      })
      .catch(() => undefined);
    expect(first.queryClient.getQueryState(DEPARTMENTS_KEY)?.status).toBe('error');
    // A change elsewhere makes the next save, which must not drop the failed one.
    first.queryClient.setQueryData(ORGANIZATIONS_KEY, ORGANIZATIONS);
    await waitForThrottle();
    await first.persistence.flush();
    first.db.close();

    const reloaded = await startApp(dbName, USER_A);
    expect(reloaded.queryClient.getQueryData(DEPARTMENTS_KEY)).toEqual(DEPARTMENTS);
    expect(reloaded.queryClient.getQueryState(DEPARTMENTS_KEY)?.status).toBe('success');
    expect(reloaded.queryClient.getQueryData(ORGANIZATIONS_KEY)).toEqual(ORGANIZATIONS);
  });

  it('writes through to IndexedDB: after flush the value is in db.keyValues', async () => {
    const session = await startApp(newDatabaseName(), USER_A);
    session.queryClient.setQueryData(ORGANIZATIONS_KEY, ORGANIZATIONS);
    await waitForThrottle();
    // In memory at once after the throttle...
    expect(queryKeysOf(persistedInMemory(session.storage))).toContainEqual([...ORGANIZATIONS_KEY]);
    await session.persistence.flush();

    // ...and in IndexedDB, read directly.
    const row = await session.db.keyValues.get(PERSISTED_CACHE_KEY);
    expect(row).toBeDefined();
    expect(row!.value).toBe(session.storage.getItem(PERSISTED_CACHE_KEY));
    const persisted = await persistedInIndexedDb(session.db);
    expect(persisted!.buster).toBe(USER_A);
    const query = persisted!.clientState.queries.find(
      (q) => JSON.stringify(q.queryKey) === '["organizations"]',
    );
    expect(query?.state.data).toEqual(ORGANIZATIONS);
  });

  it('writes later changes too, the newest data winning', async () => {
    const session = await startApp(newDatabaseName(), USER_A);
    session.queryClient.setQueryData(ORGANIZATIONS_KEY, ORGANIZATIONS);
    await waitForThrottle();
    const renamed = [{ id: 'org-1', name: 'Nyt navn' }];
    session.queryClient.setQueryData(ORGANIZATIONS_KEY, renamed);
    await waitForThrottle();
    await session.persistence.flush();
    const persisted = await persistedInIndexedDb(session.db);
    expect(persisted!.clientState.queries.find((q) => q.queryKey[0] === 'organizations')?.state.data).toEqual(
      renamed,
    );
  });

  it('holdSaves: no throttled save while held, one save at the release', async () => {
    const session = await startApp(newDatabaseName(), USER_A);
    session.queryClient.setQueryData(ORGANIZATIONS_KEY, ORGANIZATIONS);
    await waitForThrottle();
    await session.persistence.flush();
    const release = session.persistence.holdSaves();
    const renamed = [{ id: 'org-1', name: 'Nyt navn' }];
    session.queryClient.setQueryData(ORGANIZATIONS_KEY, renamed);
    await waitForThrottle();
    await session.persistence.flush();
    const organizationsIn = (client: PersistedClient | undefined) =>
      client?.clientState.queries.find((q) => q.queryKey[0] === 'organizations')?.state.data;
    expect(organizationsIn(await persistedInIndexedDb(session.db))).toEqual(ORGANIZATIONS);
    await release();
    expect(organizationsIn(await persistedInIndexedDb(session.db))).toEqual(renamed);
    // Saves go on as before after the release.
    const again = [{ id: 'org-1', name: 'Igen' }];
    session.queryClient.setQueryData(ORGANIZATIONS_KEY, again);
    await waitForThrottle();
    await session.persistence.flush();
    expect(organizationsIn(await persistedInIndexedDb(session.db))).toEqual(again);
  });

  it('saveAfter: no save before it settles, then one save of the cache as it is then', async () => {
    const db = openDatabase(newDatabaseName());
    const storage = await createMirroredStorage(db);
    const queryClient = newQueryClient();
    let paint!: () => void;
    const firstPaint = new Promise<void>((resolve) => (paint = resolve));
    const persistence = createQueryPersistence(queryClient, storage, USER_A, { saveAfter: firstPaint });
    await persistence.restore();
    queryClient.setQueryData(ORGANIZATIONS_KEY, ORGANIZATIONS);
    await waitForThrottle();
    expect(persistedInMemory(storage)).toBeNull();
    queryClient.setQueryData(DEPARTMENTS_KEY, DEPARTMENTS);
    paint();
    await waitForThrottle();
    await persistence.flush();
    const saved = await persistedInIndexedDb(db);
    expect(queryKeysOf(saved)).toEqual(
      expect.arrayContaining([[...ORGANIZATIONS_KEY], [...DEPARTMENTS_KEY]]),
    );
    // Later changes take the throttled path as before.
    const renamed = [{ id: 'org-1', name: 'Nyt navn' }];
    queryClient.setQueryData(ORGANIZATIONS_KEY, renamed);
    await waitForThrottle();
    await persistence.flush();
    const again = await persistedInIndexedDb(db);
    expect(again!.clientState.queries.find((q) => q.queryKey[0] === 'organizations')?.state.data).toEqual(
      renamed,
    );
  });

  it('does not restore a cache written for user A for user B', async () => {
    const dbName = newDatabaseName();
    const a = await startApp(dbName, USER_A);
    a.queryClient.setQueryData(ORGANIZATIONS_KEY, ORGANIZATIONS);
    await waitForThrottle();
    await a.persistence.flush();
    expect((await persistedInIndexedDb(a.db))?.buster).toBe(USER_A);
    a.db.close();

    const b = await startApp(dbName, USER_B);
    expect(b.queryClient.getQueryData(ORGANIZATIONS_KEY)).toBeUndefined();
    expect(b.queryClient.getQueryCache().getAll()).toHaveLength(0);
    // A's cache is not left behind for anyone else either.
    await b.persistence.flush();
    expect(persistedInMemory(b.storage)).toBeNull();
    expect(await persistedInIndexedDb(b.db)).toBeUndefined();
  });

  it('does not restore a signed-in user cache for an anonymous start', async () => {
    const dbName = newDatabaseName();
    const a = await startApp(dbName, USER_A);
    a.queryClient.setQueryData(ORGANIZATIONS_KEY, ORGANIZATIONS);
    await waitForThrottle();
    await a.persistence.flush();
    a.db.close();

    const anonymous = await startApp(dbName, ANONYMOUS);
    expect(anonymous.queryClient.getQueryData(ORGANIZATIONS_KEY)).toBeUndefined();
  });

  it('clear() removes the persisted cache from memory and IndexedDB', async () => {
    const dbName = newDatabaseName();
    const session = await startApp(dbName, USER_A);
    session.queryClient.setQueryData(ORGANIZATIONS_KEY, ORGANIZATIONS);
    await waitForThrottle();
    await session.persistence.flush();
    expect(await persistedInIndexedDb(session.db)).toBeDefined();

    // Logout as endSession does it: in-memory cache cleared, then the persisted one.
    session.queryClient.clear();
    await session.persistence.clear();
    expect(session.storage.getItem(PERSISTED_CACHE_KEY)).toBeNull();
    expect(await session.db.keyValues.get(PERSISTED_CACHE_KEY)).toBeUndefined();

    // A reload after logout restores nothing, even for the same user.
    session.db.close();
    const again = await startApp(dbName, USER_A);
    expect(again.queryClient.getQueryData(ORGANIZATIONS_KEY)).toBeUndefined();
  });

  it('clear() also removes a save still waiting in the throttle', async () => {
    const session = await startApp(newDatabaseName(), USER_A);
    session.queryClient.setQueryData(ORGANIZATIONS_KEY, ORGANIZATIONS);
    // No wait: the throttled save is still pending.
    await session.persistence.clear();
    await waitForThrottle();
    await session.persistence.flush();
    expect(session.storage.getItem(PERSISTED_CACHE_KEY)).toBeNull();
    expect(await session.db.keyValues.get(PERSISTED_CACHE_KEY)).toBeUndefined();
  });

  it('switchUser saves the cache under the new user at once', async () => {
    const session = await startApp(newDatabaseName(), ANONYMOUS);
    session.queryClient.setQueryData(ORGANIZATIONS_KEY, ORGANIZATIONS);

    await session.persistence.switchUser(USER_B);
    // No waiting for the throttle: saved when switchUser resolves.
    expect(persistedInMemory(session.storage)?.buster).toBe(USER_B);
    await session.persistence.flush();
    expect((await persistedInIndexedDb(session.db))?.buster).toBe(USER_B);
  });

  it('after switchUser the cache is restored for the new user and not for the old key', async () => {
    const dbName = newDatabaseName();
    const session = await startApp(dbName, ANONYMOUS);
    session.queryClient.setQueryData(ORGANIZATIONS_KEY, ORGANIZATIONS);
    await session.persistence.switchUser(USER_B);
    await waitForThrottle();
    await session.persistence.flush();
    const persisted = await persistedInIndexedDb(session.db);
    expect(persisted?.buster).toBe(USER_B);
    expect(queryKeysOf(persisted)).toContainEqual([...ORGANIZATIONS_KEY]);
    session.db.close();

    const reloaded = await startApp(dbName, USER_B);
    expect(reloaded.queryClient.getQueryData(ORGANIZATIONS_KEY)).toEqual(ORGANIZATIONS);
  });

  it('later changes after switchUser are saved under the new user', async () => {
    const session = await startApp(newDatabaseName(), USER_A);
    await session.persistence.switchUser(USER_B);
    await waitForThrottle();
    session.queryClient.setQueryData(DEPARTMENTS_KEY, DEPARTMENTS);
    await waitForThrottle();
    await session.persistence.flush();
    const persisted = await persistedInIndexedDb(session.db);
    expect(persisted?.buster).toBe(USER_B);
    expect(queryKeysOf(persisted)).toContainEqual([...DEPARTMENTS_KEY]);
  });
});

describe('mirrored storage', () => {
  it('reads synchronously from memory and writes through in order', async () => {
    const db = openDatabase(newDatabaseName());
    const storage = await createMirroredStorage(db);
    expect(storage.getItem('k')).toBeNull();
    storage.setItem('k', 'første');
    expect(storage.getItem('k')).toBe('første');
    storage.setItem('k', 'anden');
    storage.setItem('other', 'x');
    storage.removeItem('other');
    expect(storage.getItem('k')).toBe('anden');
    expect(storage.getItem('other')).toBeNull();
    await storage.flush();
    expect(storage.lastError()).toBeNull();
    expect(await db.keyValues.get('k')).toEqual({ key: 'k', value: 'anden' });
    expect(await db.keyValues.get('other')).toBeUndefined();
  });

  it('hydrates every row present in IndexedDB', async () => {
    const name = newDatabaseName();
    const db = openDatabase(name);
    await db.keyValues.bulkPut([
      { key: 'a', value: '1' },
      { key: 'b', value: 'æøå' },
    ]);
    db.close();
    const storage = await createMirroredStorage(openDatabase(name));
    expect(storage.getItem('a')).toBe('1');
    expect(storage.getItem('b')).toBe('æøå');
  });

  it('keeps working in memory and reports the error when IndexedDB writes fail', async () => {
    const db = openDatabase(newDatabaseName());
    const storage = await createMirroredStorage(db);
    db.close();
    storage.setItem('k', 'v');
    expect(storage.getItem('k')).toBe('v');
    await storage.flush();
    expect(storage.lastError()).toBeInstanceOf(Error);
  });
});
