// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { AppDatabase } from '../../src/offline/db';
import { mirrorKeyValues, readKeyValues } from '../../src/offline/key-value-mirror';
import { PERSISTED_CACHE_KEY, createQueryPersistence } from '../../src/offline/query-persistence';

/**
 * The start reads the persisted cache with IndexedDB's own API and loads Dexie only to write
 * (docs/architecture.md "Offline start"): what Dexie wrote must read back the same, a database
 * that does not exist must stay uncreated, and the restore must never put an older copy over
 * an answer the start already fetched.
 */

const USER = '11111111-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const databases: AppDatabase[] = [];

function openDatabase(name: string): AppDatabase {
  const db = new AppDatabase(name);
  databases.push(db);
  return db;
}

const newName = () => `test-${crypto.randomUUID()}`;

afterEach(async () => {
  for (const db of databases.splice(0)) {
    db.close();
    await db.delete().catch(() => undefined);
  }
});

describe('reading the persisted cache without Dexie', () => {
  it('reads what Dexie wrote', async () => {
    const name = newName();
    const db = openDatabase(name);
    await db.keyValues.bulkPut([
      { key: PERSISTED_CACHE_KEY, value: '{"x":1}' },
      { key: 'other', value: 'æøå' },
    ]);
    const entries = await readKeyValues(name);
    expect(entries).toEqual(
      new Map([
        [PERSISTED_CACHE_KEY, '{"x":1}'],
        ['other', 'æøå'],
      ]),
    );
    // The read's connection is closed: Dexie still writes.
    await db.keyValues.put({ key: 'after', value: '1' });
    expect(await db.keyValues.get('after')).toEqual({ key: 'after', value: '1' });
  });

  it('finds nothing in a database that does not exist, and does not create it', async () => {
    const name = newName();
    expect(await readKeyValues(name)).toEqual(new Map());
    const names = (await indexedDB.databases()).map((d) => d.name);
    expect(names).not.toContain(name);
    // Dexie then creates it with its schema at the first write.
    const db = openDatabase(name);
    await db.keyValues.put({ key: 'k', value: 'v' });
    expect(await readKeyValues(name)).toEqual(new Map([['k', 'v']]));
  });

  it('writes through to IndexedDB, opening the database only at the first write', async () => {
    const name = newName();
    let opened = 0;
    const storage = mirrorKeyValues(new Map([['a', '1']]), async () => {
      opened++;
      return openDatabase(name);
    });
    expect(storage.getItem('a')).toBe('1');
    expect(opened).toBe(0);
    storage.setItem('b', '2');
    storage.removeItem('a');
    expect(storage.getItem('b')).toBe('2');
    expect(storage.getItem('a')).toBeNull();
    await storage.flush();
    expect(opened).toBe(1);
    expect(await readKeyValues(name)).toEqual(new Map([['b', '2']]));
    expect(storage.lastError()).toBeNull();
  });

  it('waits with the first open until openAfter, unless a caller waits for the writes', async () => {
    const name = newName();
    let opened = 0;
    let paint: () => void = () => undefined;
    const openAfter = new Promise<void>((resolve) => (paint = resolve));
    const database = async () => {
      opened++;
      return openDatabase(name);
    };
    const storage = mirrorKeyValues(new Map(), database, { openAfter });
    storage.setItem('a', '1');
    storage.setItem('b', '2');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(opened).toBe(0);
    paint();
    // The writes that waited for the paint, however long a busy machine takes for them.
    await storage.flush();
    expect(opened).toBe(1);
    expect(await readKeyValues(name)).toEqual(
      new Map([
        ['a', '1'],
        ['b', '2'],
      ]),
    );

    // A flush (persistNow, a change of user) does not wait for a paint that has not come.
    const otherName = newName();
    const waiting = mirrorKeyValues(new Map(), async () => openDatabase(otherName), {
      openAfter: new Promise(() => undefined),
    });
    waiting.setItem('c', '3');
    await waiting.flush();
    expect(await readKeyValues(otherName)).toEqual(new Map([['c', '3']]));
  });

  it('reports a database that cannot be opened as an error and asks again with the next write', async () => {
    const name = newName();
    let attempts = 0;
    const storage = mirrorKeyValues(new Map(), async () => {
      attempts++;
      if (attempts === 1) throw new Error('chunk failed to load');
      return openDatabase(name);
    });
    storage.setItem('a', '1');
    await storage.flush();
    expect(storage.lastError()?.message).toBe('chunk failed to load');
    storage.setItem('b', '2');
    await storage.flush();
    expect(storage.lastError()).toBeNull();
    expect(await readKeyValues(name)).toEqual(new Map([['b', '2']]));
  });
});

describe('the restore beside the first requests (src/main.tsx)', () => {
  const KEY = ['userinfo'];

  /** A cache the last visit persisted for USER, holding `data` under KEY. */
  async function persistedCopy(data: unknown): Promise<string> {
    const name = newName();
    const client = new QueryClient();
    client.setQueryData(KEY, data);
    const persisted = { timestamp: Date.now(), buster: USER, clientState: dehydrate(client) };
    await openDatabase(name).keyValues.put({ key: PERSISTED_CACHE_KEY, value: JSON.stringify(persisted) });
    return name;
  }

  it('keeps an answer fetched before the restore instead of the older persisted copy', async () => {
    const name = await persistedCopy('persisted');
    const client = new QueryClient();
    client.setQueryData(KEY, 'fetched just now');
    const entries = await readKeyValues(name);
    const persistence = createQueryPersistence(
      client,
      mirrorKeyValues(entries!, async () => openDatabase(name)),
      USER,
    );
    await persistence.restore();
    expect(client.getQueryData(KEY)).toBe('fetched just now');
  });

  it('gives the guards the persisted copy when the request before the restore failed (offline)', async () => {
    const name = await persistedCopy('persisted');
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await client.prefetchQuery({
      queryKey: KEY,
      queryFn: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    expect(client.getQueryState(KEY)?.status).toBe('error');
    const entries = await readKeyValues(name);
    const persistence = createQueryPersistence(
      client,
      mirrorKeyValues(entries!, async () => openDatabase(name)),
      USER,
    );
    await persistence.restore();
    expect(client.getQueryData(KEY)).toBe('persisted');
    expect(await client.ensureQueryData({ queryKey: KEY, queryFn: () => 'network' })).toBe('persisted');
  });
});
