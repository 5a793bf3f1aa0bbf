// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { forceCloseDatabase } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  discardParked,
  enqueueAnswer,
  hasPendingForUser,
  listEntries,
  mergePayload,
  outboxKey,
  pendingCount,
  subscribe,
  type OutboxSnapshot,
} from '../../src/offline/outbox';
import {
  ASSESSMENT,
  FakeServer,
  USER_A,
  USER_B,
  answer,
  cleanUp,
  fail,
  answersIn,
  openDatabase,
  sender,
} from './outbox-helpers';

afterEach(cleanUp);

describe('saving an answer in the outbox', () => {
  it('stores the answer with its author, a fresh idempotency key, display texts and the payload as it will be sent', async () => {
    const db = openDatabase();
    const entry = await enqueueAnswer(
      db,
      answer('q-door-width', { numericValue: 87, comment: undefined }, { questionPath: '/x/001' }),
    );
    const [stored] = await answersIn(db);
    expect(stored).toEqual(entry);
    expect(stored).toMatchObject({
      key: `${ASSESSMENT}:q-door-width`,
      assessmentId: ASSESSMENT,
      questionUniqueId: 'q-door-width',
      payload: { numericValue: 87 },
      ssoUuid: USER_A,
      state: 'pending',
      attempts: 0,
      nextAttemptAt: 0,
      lastError: null,
      parkedMessage: null,
      locationText: 'Søndergade 12, 2. tv, 8000 Aarhus C',
      questionTitle: 'Spørgsmål q-door-width',
      questionPath: '/x/001',
    });
    // No undefined field travels: the stored payload is exactly the JSON body's answer part.
    expect(Object.keys(stored!.payload)).toEqual(['numericValue']);
    expect(stored!.idempotencyKey).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('two edits of one question become one entry with the newest value', async () => {
    const db = openDatabase();
    const first = await enqueueAnswer(db, answer('q1', { values: ['ja'] }));
    const second = await enqueueAnswer(db, answer('q1', { values: ['nej'] }, { valueText: 'Nej' }));
    const entries = await answersIn(db);
    expect(entries).toHaveLength(1);
    expect(second.id).toBe(first.id);
    expect(entries[0]!.payload).toEqual({ values: ['nej'] });
    expect(entries[0]!.valueText).toBe('Nej');
  });

  it('a comment-only edit keeps the queued values, and a value edit keeps the queued comment', async () => {
    const db = openDatabase();
    await enqueueAnswer(db, answer('q1', { values: ['a', 'b'] }));
    await enqueueAnswer(db, answer('q1', { comment: 'Trinet er løst' }));
    expect((await answersIn(db))[0]!.payload).toEqual({
      values: ['a', 'b'],
      comment: 'Trinet er løst',
    });

    await enqueueAnswer(db, answer('q1', { values: ['c'] }));
    expect((await answersIn(db))[0]!.payload).toEqual({ values: ['c'], comment: 'Trinet er løst' });

    // Clearing is an edit too: null and [] are sent, not dropped.
    await enqueueAnswer(db, answer('q2', { numericValue: 90 }));
    await enqueueAnswer(db, answer('q2', { numericValue: null }));
    expect((await answersIn(db)).find((e) => e.key === outboxKey(ASSESSMENT, 'q2'))!.payload).toEqual({
      numericValue: null,
    });
  });

  it('keeps the position of the first edit: a question edited again is not moved to the end', async () => {
    const db = openDatabase();
    await enqueueAnswer(db, answer('q1', { values: ['a'] }));
    await enqueueAnswer(db, answer('q2', { values: ['a'] }));
    await enqueueAnswer(db, answer('q1', { values: ['b'] }));
    expect((await listEntries(db)).map((e) => [e.questionUniqueId, e.payload])).toEqual([
      ['q1', { values: ['b'] }],
      ['q2', { values: ['a'] }],
    ]);
  });

  it('gives the entry a new idempotency key when the payload changes, and keeps it when it does not', async () => {
    const db = openDatabase();
    const first = await enqueueAnswer(db, answer('q1', { numericValue: 80 }));
    const same = await enqueueAnswer(db, answer('q1', { numericValue: 80 }));
    expect(same.idempotencyKey).toBe(first.idempotencyKey);
    const changed = await enqueueAnswer(db, answer('q1', { numericValue: 81 }));
    expect(changed.id).toBe(first.id);
    expect(changed.idempotencyKey).not.toBe(first.idempotencyKey);
    expect((await db.outbox.get(first.id))!.idempotencyKey).toBe(changed.idempotencyKey);
    const commented = await enqueueAnswer(db, answer('q1', { comment: 'målt to gange' }));
    expect(commented.idempotencyKey).not.toBe(changed.idempotencyKey);
  });

  it('does not touch an entry in flight: the newer edit becomes a new pending entry after it', async () => {
    const db = openDatabase();
    const inflight = await enqueueAnswer(db, answer('q1', { values: ['a'] }));
    await db.outbox.update(inflight.id, { state: 'inflight' });
    const newer = await enqueueAnswer(db, answer('q1', { comment: 'ny kommentar' }));
    expect(newer.id).toBeGreaterThan(inflight.id);
    const stored = await db.outbox.get(inflight.id);
    expect(stored).toMatchObject({
      state: 'inflight',
      payload: { values: ['a'] },
      idempotencyKey: inflight.idempotencyKey,
    });
    // The new entry carries the whole answer the user now sees.
    expect(newer).toMatchObject({ state: 'pending', payload: { values: ['a'], comment: 'ny kommentar' } });
    // A third edit joins the pending one, not the one in flight.
    const third = await enqueueAnswer(db, answer('q1', { values: ['b'] }));
    expect(third.id).toBe(newer.id);
    expect(await db.outbox.count()).toBe(2);
  });

  it('replaces a parked entry of the question by the new pending one, keeping the fields it does not change', async () => {
    const db = openDatabase();
    const refused = await enqueueAnswer(db, answer('q1', { numericValue: 400, comment: 'bag døren' }));
    await db.outbox.update(refused.id, { state: 'parked', parkedMessage: 'Værdien er uden for intervallet' });
    const corrected = await enqueueAnswer(db, answer('q1', { numericValue: 90 }));
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      id: corrected.id,
      state: 'pending',
      parkedMessage: null,
      payload: { numericValue: 90, comment: 'bag døren' },
    });
    expect(corrected.idempotencyKey).not.toBe(refused.idempotencyKey);
  });

  it('never coalesces the answers of two users on one device', async () => {
    const db = openDatabase();
    await enqueueAnswer(db, answer('q1', { values: ['a'] }, { ssoUuid: USER_A }));
    await enqueueAnswer(db, answer('q1', { values: ['b'] }, { ssoUuid: USER_B }));
    const entries = await answersIn(db);
    expect(entries.map((e) => [e.ssoUuid, e.payload.values])).toEqual([
      [USER_A, ['a']],
      [USER_B, ['b']],
    ]);
  });

  it('saves 100 answers in well under 50 ms each', async () => {
    const db = openDatabase();
    await enqueueAnswer(db, answer('warm-up', { values: ['a'] }));
    const started = performance.now();
    for (let i = 0; i < 100; i++) {
      await enqueueAnswer(db, answer(`q${i % 60}`, { numericValue: i, comment: `note ${i}` }));
    }
    const average = (performance.now() - started) / 100;
    expect(average).toBeLessThan(50);
    expect(await db.outbox.count()).toBe(61);
  });

  it('keeps saving when the browser closed the IndexedDB connection, or it was closed', async () => {
    const db = openDatabase();
    await enqueueAnswer(db, answer('q1', { values: ['a'] }));
    forceCloseDatabase(db.backendDB() as unknown as Parameters<typeof forceCloseDatabase>[0]);
    await enqueueAnswer(db, answer('q2', { values: ['b'] }));
    db.close();
    await enqueueAnswer(db, answer('q3', { values: ['c'] }));
    expect((await listEntries(db)).map((e) => e.questionUniqueId)).toEqual(['q1', 'q2', 'q3']);
  });

  it('survives a reload: a new connection finds the saved answers', async () => {
    const first = openDatabase();
    await enqueueAnswer(first, answer('q1', { values: ['a'] }));
    first.close();
    const reloaded = openDatabase(first.name);
    expect(await pendingCount(reloaded)).toBe(1);
  });

  it('keeps the version 1 table next to the outbox', async () => {
    const db = openDatabase();
    await db.keyValues.put({ key: 'k', value: 'v' });
    await enqueueAnswer(db, answer('q1', { values: ['a'] }));
    expect(db.verno).toBe(6);
    expect(await db.keyValues.get('k')).toEqual({ key: 'k', value: 'v' });
  });
});

describe('what the outbox shows the user', () => {
  it('counts and lists pending and parked answers with their display texts, per author', async () => {
    const db = openDatabase();
    await enqueueAnswer(db, answer('q1', { values: ['a'] }, { valueText: 'Ja' }));
    const parked = await enqueueAnswer(db, answer('q2', { values: ['b'] }));
    await db.outbox.update(parked.id, { state: 'parked', parkedMessage: 'Vurderingen er låst' });
    await enqueueAnswer(db, answer('q3', { values: ['c'] }, { ssoUuid: USER_B }));

    expect(await pendingCount(db, USER_A)).toBe(1);
    expect(await pendingCount(db)).toBe(2);
    const listed = await listEntries(db, USER_A);
    expect(listed.map((e) => [e.questionUniqueId, e.state, e.valueText, e.parkedMessage])).toEqual([
      ['q1', 'pending', 'Ja', null],
      ['q2', 'parked', JSON.stringify({ values: ['b'] }), 'Vurderingen er låst'],
    ]);
    expect(listed[1]!.locationText).toBe('Søndergade 12, 2. tv, 8000 Aarhus C');
  });

  it('tells the logout guard whether a user has answers that are not sent', async () => {
    const db = openDatabase();
    expect(await hasPendingForUser(db, USER_A)).toBe(false);
    const entry = await enqueueAnswer(db, answer('q1', { values: ['a'] }));
    expect(await hasPendingForUser(db, USER_A)).toBe(true);
    expect(await hasPendingForUser(db, USER_B)).toBe(false);
    await db.outbox.update(entry.id, { state: 'inflight' });
    expect(await hasPendingForUser(db, USER_A)).toBe(true);
  });

  it('discards only parked entries', async () => {
    const db = openDatabase();
    const pending = await enqueueAnswer(db, answer('q1', { values: ['a'] }));
    const parked = await enqueueAnswer(db, answer('q2', { values: ['b'] }));
    await db.outbox.update(parked.id, { state: 'parked', parkedMessage: 'Låst' });

    expect(await discardParked(db, pending.id)).toBe(false);
    expect(await db.outbox.get(pending.id)).toBeDefined();
    expect(await discardParked(db, parked.id)).toBe(true);
    expect(await db.outbox.get(parked.id)).toBeUndefined();
    expect(await discardParked(db, 999)).toBe(false);
  });

  it('tells subscribers about every change, also the sender removing a sent answer', async () => {
    const db = openDatabase();
    const snapshots: OutboxSnapshot[] = [];
    const unsubscribe = subscribe(db, (snapshot) => snapshots.push(snapshot), { ssoUuid: USER_A });
    await vi.waitFor(() => expect(snapshots.at(-1)?.pendingCount).toBe(0));

    await enqueueAnswer(db, answer('q1', { values: ['a'] }));
    await vi.waitFor(() => expect(snapshots.at(-1)?.pendingCount).toBe(1));
    expect(snapshots.at(-1)!.entries[0]!.questionUniqueId).toBe('q1');

    const server = new FakeServer().then(fail(409, 'Vurderingen er låst'));
    await enqueueAnswer(db, answer('q2', { values: ['b'] }));
    await sender({ db, send: server.send }).drain();
    await vi.waitFor(() => expect(snapshots.at(-1)).toMatchObject({ pendingCount: 0, parkedCount: 1 }));

    unsubscribe();
    const count = snapshots.length;
    await enqueueAnswer(db, answer('q3', { values: ['c'] }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(snapshots).toHaveLength(count);
  });
});

describe('payload merging', () => {
  it('lets a newer field win and keeps the others', () => {
    expect(mergePayload({ values: ['a'], comment: 'x' }, { comment: 'y' })).toEqual({
      values: ['a'],
      comment: 'y',
    });
    expect(mergePayload({ comment: 'x' }, { numericValue: 0 })).toEqual({ comment: 'x', numericValue: 0 });
    expect(mergePayload({ numericValue: 3 }, { numericValue: undefined })).toEqual({ numericValue: 3 });
  });
});
