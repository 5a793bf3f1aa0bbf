// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/http';
import type { OutboxRecord } from '../../src/offline/db';
import {
  discardParked,
  enqueueAnswer,
  enqueueCreate,
  listAllEntries,
  listEntries,
  outboxSnapshot,
  queueHiddenQuestionsSync,
  queuedCreateOf,
  resetInflight,
} from '../../src/offline/outbox';
import { sendOutboxEntry } from '../../src/offline/outbox-sender';
import {
  ASSESSMENT,
  FakeServer,
  PROPERTY,
  TestLockManager,
  USER_A,
  USER_B,
  answer,
  cleanUp,
  fail,
  networkError,
  newDatabaseName,
  openDatabase,
  sender,
} from './outbox-helpers';

/**
 * The outbox carries the create of an assessment started offline and the hidden-questions sync
 * besides answers, in one queue (docs/architecture.md 2 "Outbox rules", "Kinds").
 */

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  await cleanUp();
});

/** The assessment started offline (a client-chosen UUID). */
const NEW = '9b0c7a4e-5d1f-4b6a-8e2c-3f4a5b6c7d8e';
const PLACE = 'Søndergade 12, 2. tv, 8000 Aarhus C';

const create = (overrides: Partial<{ assessmentId: string; ssoUuid: string }> = {}) => ({
  assessmentId: NEW,
  propertyId: PROPERTY,
  ssoUuid: USER_A,
  locationText: PLACE,
  ...overrides,
});
const sync = (assessmentId = NEW, ssoUuid = USER_A) => ({ assessmentId, propertyId: PROPERTY, ssoUuid });
const ofNew = (questionUniqueId: string, payload: Parameters<typeof answer>[1]) =>
  answer(questionUniqueId, payload, { assessmentId: NEW });

/** What was sent, as `kind assessment[:question]`. */
const sent = (server: FakeServer) =>
  server.requests.map((r) => {
    const target = r.key.startsWith(`${NEW}:`) || r.key.endsWith(NEW) ? 'new' : 'old';
    return r.kind === 'answer' ? `answer ${target}:${r.key.split(':')[1]}` : `${r.kind} ${target}`;
  });

describe('schema 3', () => {
  it('upgrades a schema 2 outbox: stored answers keep their ids and keys and are sent as answers', async () => {
    const name = newDatabaseName();
    // The database as the app left it before schema 3 (db.ts versions 1 and 2).
    const old = new Dexie(name);
    old.version(1).stores({ keyValues: 'key' });
    old.version(2).stores({ outbox: '++id, key, state, ssoUuid' });
    const stored = [1, 2].map((n) => ({
      key: `${ASSESSMENT}:q${n}`,
      assessmentId: ASSESSMENT,
      propertyId: PROPERTY,
      questionUniqueId: `q${n}`,
      payload: { numericValue: n },
      ssoUuid: USER_A,
      idempotencyKey: `key-${n}`,
      state: 'pending',
      attempts: 0,
      nextAttemptAt: 0,
      lastError: null,
      parkedMessage: null,
      createdAt: n,
      updatedAt: n,
      locationText: PLACE,
      questionTitle: `Spørgsmål q${n}`,
      valueText: String(n),
    }));
    await old.table('outbox').bulkAdd(stored);
    await old.table('keyValues').put({ key: 'cache', value: '{}' });
    const ids = (await old.table('outbox').toArray()).map((e: { id: number }) => e.id);
    old.close();

    const db = openDatabase(name);
    const answers = await listEntries(db);
    expect(db.verno).toBe(6);
    expect(answers.map((e) => [e.id, e.kind, e.idempotencyKey])).toEqual([
      [ids[0], 'answer', 'key-1'],
      [ids[1], 'answer', 'key-2'],
    ]);
    expect(await db.outbox.where('kind').equals('answer').count()).toBe(2);
    expect(await db.keyValues.get('cache')).toEqual({ key: 'cache', value: '{}' });

    const server = new FakeServer();
    await sender({ db, send: server.send }).drain();
    expect(server.requests.map((r) => [r.kind, r.idempotencyKey, r.payload])).toEqual([
      ['answer', 'key-1', { numericValue: 1 }],
      ['answer', 'key-2', { numericValue: 2 }],
    ]);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('one queue for creates, answers and syncs', () => {
  it('sends the create, then its answers, then the sync, and lists all three kinds', async () => {
    const db = openDatabase();
    await enqueueCreate(db, create());
    await enqueueAnswer(db, ofNew('S01', { values: ['ja'] }));
    await enqueueAnswer(db, ofNew('S02', { values: ['nej'] }));
    await queueHiddenQuestionsSync(db, sync());

    const snapshot = await outboxSnapshot(db, USER_A);
    expect(snapshot.records.map((e) => e.kind)).toEqual(['create', 'answer', 'answer', 'syncHidden']);
    // The form's view stays answers only.
    expect(snapshot.entries.map((e) => e.questionUniqueId)).toEqual(['S01', 'S02']);
    expect(snapshot.pendingCount).toBe(4);

    const server = new FakeServer();
    await sender({ db, send: server.send }).drain();
    expect(sent(server)).toEqual(['create new', 'answer new:S01', 'answer new:S02', 'syncHidden new']);
    expect(server.created).toEqual([NEW]);
    expect(server.answers.get(`${NEW}:S02`)).toEqual({ values: ['nej'] });
    expect(await db.outbox.count()).toBe(0);
  });

  it('keeps one sync per assessment, after the answers queued before it', async () => {
    const db = openDatabase();
    await enqueueCreate(db, create());
    await enqueueAnswer(db, ofNew('S01', { values: ['ja'] }));
    await queueHiddenQuestionsSync(db, sync());
    await enqueueAnswer(db, ofNew('S02', { values: ['nej'] }));
    await queueHiddenQuestionsSync(db, sync());
    expect((await listAllEntries(db)).map((e) => e.kind)).toEqual([
      'create',
      'answer',
      'answer',
      'syncHidden',
    ]);

    const server = new FakeServer();
    await sender({ db, send: server.send }).drain();
    expect(sent(server)).toEqual(['create new', 'answer new:S01', 'answer new:S02', 'syncHidden new']);
  });

  it('queuing a create twice keeps one', async () => {
    const db = openDatabase();
    const first = await enqueueCreate(db, create());
    const again = await enqueueCreate(db, create());
    expect(again.id).toBe(first.id);
    expect(await db.outbox.count()).toBe(1);
    expect((await queuedCreateOf(db, PROPERTY, USER_A))?.assessmentId).toBe(NEW);
    expect(await queuedCreateOf(db, PROPERTY, USER_B)).toBeUndefined();
  });

  it('the app sends each kind with its own request', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(NEW), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const db = openDatabase();
    const entries = [
      await enqueueCreate(db, create()),
      await enqueueAnswer(db, ofNew('S01', { values: ['ja'] })),
      await queueHiddenQuestionsSync(db, sync()),
    ];
    for (const entry of entries) await sendOutboxEntry(entry);
    const calls = fetch.mock.calls as unknown as [string, RequestInit][];
    const urls = calls.map(([url]) => new URL(url, 'http://x'));
    expect(urls[0]!.pathname).toMatch(/^\/api\/v[12]\/assessment\/createnewassessment$/);
    expect(Object.fromEntries(urls[0]!.searchParams)).toEqual({ propertyId: PROPERTY, assessmentId: NEW });
    expect(urls[1]!.pathname).toBe('/api/v2/sync/syncanswer');
    expect(calls[1]![1].method).toBe('POST');
    expect(urls[2]!.pathname).toBe('/api/v2/assessment/synchiddenquestions');
    expect(Object.fromEntries(urls[2]!.searchParams)).toEqual({ assessmentId: NEW });
  });
});

describe('answers wait for their assessment', () => {
  it('while the create waits for its backoff, its answers are held back and other assessments go on', async () => {
    const db = openDatabase();
    await enqueueCreate(db, create());
    await enqueueAnswer(db, ofNew('S01', { values: ['ja'] }));
    await enqueueAnswer(db, answer('q9', { numericValue: 9 }));
    await queueHiddenQuestionsSync(db, sync());
    let clock = 1_000_000;
    const server = new FakeServer().then(networkError);
    const outbox = sender({ db, send: server.send, now: () => clock, random: () => 0 });
    await outbox.drain();
    // The answer of the assessment that exists went; nothing of the new one but its create.
    expect(sent(server)).toEqual(['create new', 'answer old:q9']);
    expect((await listAllEntries(db)).map((e) => [e.kind, e.state])).toEqual([
      ['create', 'pending'],
      ['answer', 'pending'],
      ['syncHidden', 'pending'],
    ]);

    clock += 1_000;
    await outbox.drain();
    expect(sent(server)).toEqual([
      'create new',
      'answer old:q9',
      'create new',
      'answer new:S01',
      'syncHidden new',
    ]);
    expect(server.created).toEqual([NEW]);
    expect(await db.outbox.count()).toBe(0);
  });

  it("a create refused as another residence's id is parked with the message; its answers wait, others go on", async () => {
    const db = openDatabase();
    await enqueueCreate(db, create());
    await enqueueAnswer(db, ofNew('S01', { values: ['ja'] }));
    await enqueueAnswer(db, answer('q9', { numericValue: 9 }));
    const message = 'Vurderingen kunne ikke oprettes, fordi dens id allerede hører til en anden bolig.';
    const server = new FakeServer().then(fail(409, message));
    const onParked = vi.fn();
    const outbox = sender({ db, send: server.send, onParked });
    await outbox.drain();
    await outbox.retryNow();

    expect(sent(server)).toEqual(['create new', 'answer old:q9']);
    expect(onParked).toHaveBeenCalledTimes(1);
    const [parked, held] = await listAllEntries(db);
    expect(parked).toMatchObject({ kind: 'create', state: 'parked', parkedMessage: message });
    // Never sent before its assessment exists: no 404 parks it.
    expect(held).toMatchObject({ kind: 'answer', state: 'pending', attempts: 0 });
  });

  it('discarding a parked create discards what waits for it, and nothing of other assessments', async () => {
    const db = openDatabase();
    const created = await enqueueCreate(db, create());
    await enqueueAnswer(db, ofNew('S01', { values: ['ja'] }));
    await queueHiddenQuestionsSync(db, sync());
    const other = await enqueueAnswer(db, answer('q9', { numericValue: 9 }));
    await db.outbox.update(created.id, { state: 'parked', parkedMessage: 'Id taget' });

    expect(await discardParked(db, created.id)).toBe(true);
    expect((await listAllEntries(db)).map((e) => e.id)).toEqual([other.id]);
  });

  it("holds back the answers of another author's create too, and never sends that create", async () => {
    const db = openDatabase();
    await enqueueCreate(db, create({ ssoUuid: USER_B }));
    await enqueueAnswer(db, ofNew('S01', { values: ['ja'] }));
    const server = new FakeServer();
    await sender({ db, send: server.send, currentUser: () => USER_A }).drain();
    expect(server.requests).toEqual([]);
    expect((await outboxSnapshot(db, USER_A)).records.map((e) => e.kind)).toEqual(['answer']);

    await sender({ db, send: server.send, currentUser: () => USER_B }).drain();
    expect(sent(server)).toEqual(['create new']);
    await sender({ db, send: server.send, currentUser: () => USER_A }).drain();
    expect(sent(server)).toEqual(['create new', 'answer new:S01']);
  });
});

describe('a create sent again', () => {
  it('after a lost reply carries the same id, and the idempotent server makes one assessment', async () => {
    const db = openDatabase();
    await enqueueCreate(db, create());
    await enqueueAnswer(db, ofNew('S01', { values: ['ja'] }));
    let clock = 1_000_000;
    const server = new FakeServer();
    server.then(async (entry) => {
      server.apply(entry);
      throw new ApiError(0, 'Failed to fetch');
    });
    const outbox = sender({ db, send: server.send, now: () => clock, random: () => 0 });
    await outbox.drain();
    clock += 1_000;
    await outbox.drain();

    const creates = server.requests.filter((r) => r.kind === 'create');
    expect(creates).toHaveLength(2);
    expect(new Set(creates.map((r) => r.key))).toEqual(new Set([`create:${NEW}`]));
    expect(server.created).toEqual([NEW]);
    expect(sent(server).at(-1)).toBe('answer new:S01');
    expect(await db.outbox.count()).toBe(0);
  });

  it('after a crash in flight goes back to pending and is sent once more with the same id', async () => {
    const db = openDatabase();
    const entry = await enqueueCreate(db, create());
    await db.outbox.update(entry.id, { state: 'inflight' });
    expect(await resetInflight(db)).toBe(1);
    const server = new FakeServer();
    server.known.add(NEW); // the lost attempt had reached the server
    await sender({ db, send: server.send }).drain();
    expect(sent(server)).toEqual(['create new']);
    expect(server.created).toEqual([]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('two tabs send the create once and the answers after it, in order', async () => {
    const first = openDatabase();
    const second = openDatabase(first.name);
    await enqueueCreate(first, create());
    for (let i = 0; i < 6; i++) await enqueueAnswer(first, ofNew(`S0${i}`, { numericValue: i }));
    await queueHiddenQuestionsSync(first, sync());
    const server = new FakeServer();
    const slow = async (entry: OutboxRecord) => {
      await new Promise((resolve) => setTimeout(resolve, 1 + (entry.id % 3)));
      return server.send(entry);
    };
    const browser = new TestLockManager();
    const tabs = [
      sender({ db: first, send: slow, locks: browser }),
      sender({ db: second, send: slow, locks: browser }),
    ];
    const runs: Promise<void>[] = [];
    for (let round = 0; round < 6; round++) {
      for (const tab of tabs) runs.push(tab.drain());
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await Promise.all(runs);
    for (const tab of tabs) await tab.drain();

    expect(sent(server)).toEqual([
      'create new',
      ...[0, 1, 2, 3, 4, 5].map((i) => `answer new:S0${i}`),
      'syncHidden new',
    ]);
    expect(await first.outbox.count()).toBe(0);
  });
});
