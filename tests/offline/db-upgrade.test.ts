import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppDatabase, type OutboxRecord } from '../../src/offline/db';
import { APP_DATABASE_NAME, readKeyValues } from '../../src/offline/key-value-mirror';
import {
  claimNext,
  completeSent,
  enqueueAnswer,
  listEntries,
  outboxSnapshot,
  resetInflight,
} from '../../src/offline/outbox';
import {
  ASSESSOR_A,
  DEXIE_RELEASES,
  type DexieRelease,
  type ReleasedOutboxRow,
  type StoreLayout,
} from './fixtures/dexie-releases';

/**
 * An update in the middle of the day loses nothing (docs/architecture.md 2, "How an answer
 * reaches the database" and "Outbox rules"): only a stored answer counts as saved, so a device
 * that takes a new release with answers still queued must keep every one of them, in its place
 * in the queue and with its idempotency key, and the persisted query cache an offline start
 * needs. Each released schema (tests/offline/fixtures/dexie-releases.ts) is written with
 * IndexedDB's own API, as that release left it on disk, and opened with today's AppDatabase.
 */

/** The newest schema today's code declares (Dexie sets verno from the declarations before opening). */
const TODAY = new AppDatabase('declarations-only').verno;

const dexieFactory = Dexie.dependencies.indexedDB;
const opened: Dexie[] = [];

beforeEach(() => {
  // A fresh IndexedDB per test, under the app's real database name. Dexie took the global
  // factory when it loaded, so today's AppDatabase gets the new one through its dependencies;
  // readKeyValues (the start's own read) uses the global.
  const factory = new IDBFactory();
  Dexie.dependencies.indexedDB = factory;
  vi.stubGlobal('indexedDB', factory);
});

afterEach(() => {
  for (const db of opened.splice(0)) db.close();
  Dexie.dependencies.indexedDB = dexieFactory;
  vi.unstubAllGlobals();
});

/** Today's code opening the database, as the app does after the update's reload. */
async function openToday(options: { durability?: 'strict' | 'relaxed' } = {}): Promise<AppDatabase> {
  const db = new AppDatabase(APP_DATABASE_NAME, options);
  opened.push(db);
  await db.open();
  return db;
}

const done = (request: IDBRequest | IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    if (request instanceof IDBTransaction) {
      request.oncomplete = () => resolve();
      request.onabort = () => reject(request.error ?? new Error('transaction aborted'));
    } else {
      request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error ?? new Error('request failed'));
    }
  });

/** The database as the release left it: its stores, its rows, its key generators; then closed. */
async function writeRelease(release: DexieRelease): Promise<void> {
  const request = indexedDB.open(APP_DATABASE_NAME, release.idbVersion);
  request.onupgradeneeded = () => {
    for (const [storeName, layout] of Object.entries(release.stores)) {
      const store = request.result.createObjectStore(storeName, {
        keyPath: layout.keyPath,
        autoIncrement: layout.autoIncrement,
      });
      for (const index of layout.indexes) {
        store.createIndex(index.name, index.keyPath, { unique: index.unique, multiEntry: index.multiEntry });
      }
    }
  };
  await done(request);
  const idb = request.result;
  const tx = idb.transaction(Object.keys(release.stores), 'readwrite');
  for (const [storeName, rows] of Object.entries(release.rows)) {
    for (const row of rows ?? []) tx.objectStore(storeName).add(row);
  }
  // Entries sent and removed before the update moved the key generator past the last row.
  for (const [storeName, next] of Object.entries(release.nextKey ?? {})) {
    const store = tx.objectStore(storeName);
    store.add({ [release.stores[storeName]!.keyPath]: next - 1 });
    store.delete(next - 1);
  }
  await done(tx);
  idb.close();
}

/** The object stores as IndexedDB reports them. */
function layoutOf(idb: IDBDatabase): Record<string, StoreLayout> {
  const names = [...idb.objectStoreNames];
  if (names.length === 0) return {};
  const tx = idb.transaction(names, 'readonly');
  return Object.fromEntries(
    names.map((storeName) => {
      const store = tx.objectStore(storeName);
      const indexes = [...store.indexNames].map((indexName) => {
        const index = store.index(indexName);
        return {
          name: index.name,
          keyPath: index.keyPath as string,
          unique: index.unique,
          multiEntry: index.multiEntry,
        };
      });
      return [storeName, { keyPath: store.keyPath as string, autoIncrement: store.autoIncrement, indexes }];
    }),
  );
}

/** Every row of every store, read past Dexie, in key order. */
async function contentsOf(idb: IDBDatabase): Promise<Record<string, unknown[]>> {
  const names = [...idb.objectStoreNames];
  const tx = idb.transaction(names, 'readonly');
  const all = names.map((storeName) => tx.objectStore(storeName).getAll());
  await done(tx);
  return Object.fromEntries(names.map((storeName, i) => [storeName, all[i]!.result as unknown[]]));
}

/** Version, layout and rows: what must not change when the database is opened again. */
async function stateOf(idb: IDBDatabase) {
  return { version: idb.version, layout: layoutOf(idb), contents: await contentsOf(idb) };
}

/**
 * The rows of a release as today's upgrades must leave them: schema 3 made every entry stored
 * before it an answer and changed nothing else. An upgrade that rewrites rows is added here.
 */
function upgradedToday(storeName: string, row: object): object {
  if (storeName === 'outbox' && !('kind' in row)) return { ...row, kind: 'answer' };
  return row;
}

const outboxOf = (release: DexieRelease): ReleasedOutboxRow[] => release.rows.outbox ?? [];
const authorsOf = (release: DexieRelease) => [...new Set(outboxOf(release).map((row) => row.ssoUuid))];
const isUnsent = (row: ReleasedOutboxRow) => row.state === 'pending' || row.state === 'inflight';
const isAnswer = (row: ReleasedOutboxRow) => row.kind === undefined || row.kind === 'answer';
const idsOf = (rows: readonly { id: number }[]) => rows.map((row) => row.id);

describe('the released schemas in the fixtures', () => {
  it('cover every schema today’s code has moved past', () => {
    const released = DEXIE_RELEASES.map((release) => release.version);
    const missing = Array.from({ length: TODAY - 1 }, (_, i) => i + 1).filter((v) => !released.includes(v));
    expect(
      missing,
      `src/offline/db.ts declares version ${TODAY}: a device may still hold schema ${missing.join(', ')}. ` +
        'Add the release that shipped it to tests/offline/fixtures/dexie-releases.ts (what it declared, ' +
        'its stores as they are on disk and rows as that release wrote them) before changing the schema again.',
    ).toEqual([]);
    expect(released, 'fixtures in version order, one per release').toEqual(
      [...new Set(released)].sort((a, b) => a - b),
    );
    expect(
      released.filter((v) => v > TODAY),
      'a fixture newer than the schema today’s code declares',
    ).toEqual([]);
  });

  it.each(DEXIE_RELEASES.map((release) => [release.version, release] as const))(
    'schema %i is laid out on disk as Dexie lays out that release’s declarations',
    async (_version, release) => {
      // Each release's declarations, replayed as that release's AppDatabase made them.
      const replay = new Dexie('replayed-release');
      opened.push(replay);
      for (const earlier of DEXIE_RELEASES.filter((r) => r.version <= release.version)) {
        replay.version(earlier.version).stores(earlier.declared);
      }
      await replay.open();
      expect(replay.backendDB().version).toBe(release.idbVersion);
      expect(layoutOf(replay.backendDB())).toStrictEqual(release.stores);
    },
  );

  it.each(DEXIE_RELEASES.filter((release) => release.rows.outbox).map((r) => [r.version, r] as const))(
    'schema %i queues pending, in-flight and parked entries of two authors behind a moved key generator',
    (_version, release) => {
      const rows = outboxOf(release);
      expect(new Set(rows.map((row) => row.state))).toEqual(new Set(['pending', 'inflight', 'parked']));
      expect(authorsOf(release)).toHaveLength(2);
      expect(idsOf(rows)).toEqual([...idsOf(rows)].sort((a, b) => a - b));
      expect(release.nextKey?.outbox).toBeGreaterThan(Math.max(...idsOf(rows)) + 1);
    },
  );
});

describe.each(DEXIE_RELEASES.map((release) => [release.version, release] as const))(
  'a device on schema %i taking today’s release',
  (_version, release) => {
    beforeEach(() => writeRelease(release));

    it('is opened at today’s version, laid out as a new install, without Dexie patching its schema', async () => {
      const db = await openToday();
      // A fixture that differs from today's declaration of its version (a released schema edited
      // in place) makes Dexie patch the schema at version n * 10 + 1 instead.
      expect(db.backendDB().version, 'IndexedDB version after the upgrade').toBe(TODAY * 10);
      const fresh = new AppDatabase('new-install');
      opened.push(fresh);
      await fresh.open();
      expect(layoutOf(db.backendDB())).toStrictEqual(layoutOf(fresh.backendDB()));
    });

    it('keeps every row: queued entries in their place with their keys, payloads, authors and states', async () => {
      const db = await openToday();
      const contents = await contentsOf(db.backendDB());
      const expected = Object.fromEntries(
        Object.keys(contents).map((storeName) => [
          storeName,
          (release.rows[storeName] ?? []).map((row) => upgradedToday(storeName, row)),
        ]),
      );
      expect(contents, 'every store after the upgrade').toStrictEqual(expected);

      // The same, as today's code reads it: the order is the sending order.
      const outbox = await db.outbox.toArray();
      expect(idsOf(outbox), 'queue order').toEqual(idsOf(outboxOf(release)));
      expect(outbox.map((entry) => entry.idempotencyKey)).toEqual(
        outboxOf(release).map((row) => row.idempotencyKey),
      );
      const kindless = idsOf(outboxOf(release).filter((row) => row.kind === undefined));
      expect(
        outbox.filter((entry) => kindless.includes(entry.id)).map((entry) => entry.kind),
        'entries stored before kinds existed are answers',
      ).toEqual(kindless.map(() => 'answer'));
    });

    it('keeps the persisted query cache byte for byte, for Dexie and for the start’s own read', async () => {
      const cache = new Map(release.rows.keyValues.map((row) => [row.key, row.value]));
      // The start reads the cache before Dexie loads: from the old database as it is.
      expect(await readKeyValues()).toEqual(cache);
      const db = await openToday();
      for (const row of release.rows.keyValues) {
        expect(await db.keyValues.get(row.key), `${row.key} unchanged`).toStrictEqual(row);
      }
      db.close();
      expect(await readKeyValues()).toEqual(cache);
    });

    it('shows each author their own entries and sends every unsent one once, in order, with its key', async () => {
      const db = await openToday();
      const rows = outboxOf(release);
      for (const author of authorsOf(release)) {
        const own = rows.filter((row) => row.ssoUuid === author);
        const snapshot = await outboxSnapshot(db, author);
        expect(idsOf(snapshot.records)).toEqual(idsOf(own));
        expect(idsOf(snapshot.entries)).toEqual(idsOf(own.filter(isAnswer)));
        expect(snapshot.pendingCount).toBe(own.filter(isUnsent).length);
        expect(snapshot.parkedCount).toBe(own.filter((row) => row.state === 'parked').length);
        expect(idsOf(await listEntries(db, author))).toEqual(idsOf(own.filter(isAnswer)));
      }

      // The reload for the update is a closed tab: what was in flight goes again with its key.
      await resetInflight(db);
      const farFuture = Date.parse('2100-01-01T00:00:00Z');
      for (const author of authorsOf(release)) {
        const sent: OutboxRecord[] = [];
        for (let claim = await claimNext(db, author, farFuture); claim && 'entry' in claim;) {
          sent.push(claim.entry);
          await completeSent(db, claim.entry);
          claim = await claimNext(db, author, farFuture);
        }
        const unsent = rows.filter((row) => row.ssoUuid === author && isUnsent(row));
        expect(idsOf(sent), `what ${author} sends`).toEqual(idsOf(unsent));
        expect(sent.map((entry) => entry.idempotencyKey)).toEqual(unsent.map((row) => row.idempotencyKey));
      }
      // Refused entries stay until their author decides.
      expect(idsOf(await db.outbox.toArray())).toEqual(idsOf(rows.filter((row) => row.state === 'parked')));
    });

    it('coalesces a new edit with the answer queued before the update and queues a new answer last', async () => {
      const db = await openToday();
      const rows = outboxOf(release);
      const queued = rows.filter((row) => row.state === 'pending' && isAnswer(row)).at(-1);
      if (queued) {
        const edit = await enqueueAnswer(db, {
          assessmentId: queued.assessmentId,
          propertyId: queued.propertyId,
          questionUniqueId: queued.questionUniqueId!,
          payload: { comment: 'Tilføjet efter opdateringen' },
          ssoUuid: queued.ssoUuid,
          locationText: String(queued.locationText),
          questionTitle: String(queued.questionTitle),
          valueText: String(queued.valueText),
        });
        expect(edit.id, 'the edit keeps the queued answer’s place').toBe(queued.id);
        expect(edit.payload).toEqual({ ...queued.payload, comment: 'Tilføjet efter opdateringen' });
        expect(edit.idempotencyKey).not.toBe(queued.idempotencyKey);
        expect(await db.outbox.count()).toBe(rows.length);
      }
      const added = await enqueueAnswer(db, {
        assessmentId: '2e5c8f1a-6d94-4b37-a0e2-c9f7b3d15a68',
        propertyId: 'd4a7b2e9-0c63-4f18-8b5d-3e1f6a9c7b20',
        questionUniqueId: 'S01',
        payload: { values: ['ja'] },
        ssoUuid: ASSESSOR_A,
        locationText: 'Vestergade 8, 7100 Vejle',
        questionTitle: '001. Trin ved indgangen',
        valueText: 'Ja',
      });
      expect(added.id, 'a new answer goes behind every entry queued before the update').toBe(
        release.nextKey?.outbox ?? 1,
      );
    });

    it('changes nothing when opened again, also by two connections opening at once', async () => {
      const [strict, relaxed] = await Promise.all([openToday(), openToday({ durability: 'relaxed' })]);
      const upgraded = await stateOf(strict.backendDB());
      expect(await stateOf(relaxed.backendDB())).toStrictEqual(upgraded);
      strict.close();
      relaxed.close();
      const again = await openToday();
      expect(await stateOf(again.backendDB())).toStrictEqual(upgraded);
    });
  },
);

describe('a tab still on an older release after the upgrade', () => {
  it('an answer it stores without a kind is read as an answer, listed and coalesced', async () => {
    const db = await openToday();
    // What a release before schema 3 writes into the upgraded database: no kind.
    await db.outbox.add({
      key: 'a-1:S01',
      assessmentId: 'a-1',
      propertyId: 'p-1',
      questionUniqueId: 'S01',
      payload: { values: ['ja'] },
      ssoUuid: ASSESSOR_A,
      idempotencyKey: 'k-1',
      state: 'pending',
      attempts: 0,
      nextAttemptAt: 0,
      lastError: null,
      parkedMessage: null,
      createdAt: 1,
      updatedAt: 1,
      locationText: 'Vestergade 8',
      questionTitle: '001. Trin',
      valueText: 'Ja',
    } as unknown as OutboxRecord);
    const [entry] = await listEntries(db, ASSESSOR_A);
    expect(entry?.kind).toBe('answer');
    expect((await outboxSnapshot(db, ASSESSOR_A)).entries).toHaveLength(1);
    const edit = await enqueueAnswer(db, {
      assessmentId: 'a-1',
      propertyId: 'p-1',
      questionUniqueId: 'S01',
      payload: { values: ['nej'] },
      ssoUuid: ASSESSOR_A,
      locationText: 'Vestergade 8',
      questionTitle: '001. Trin',
      valueText: 'Nej',
    });
    expect(edit.id, 'the new value replaces the one the old tab stored').toBe(entry!.id);
    expect(await db.outbox.count()).toBe(1);
  });
});
