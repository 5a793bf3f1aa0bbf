// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/http';
import type { OutboxRecord } from '../../src/offline/db';
import {
  changedSinceChoice,
  discardParked,
  enqueueAnswer,
  keepParkedAnswer,
  listEntries,
} from '../../src/offline/outbox';
import {
  SYNC_ANSWER_PATH,
  classifyFailure,
  sendSyncAnswer,
  syncAnswerBody,
} from '../../src/offline/outbox-sender';
import {
  ASSESSMENT,
  FakeServer,
  TestLockManager,
  USER_A,
  USER_B,
  answer,
  cleanUp,
  fail,
  gate,
  networkError,
  answersIn,
  openDatabase,
  sender,
  settleUntil,
} from './outbox-helpers';

afterEach(async () => {
  vi.unstubAllGlobals();
  await cleanUp();
});

const sentQuestions = (server: FakeServer) => server.requests.map((r) => r.key.split(':')[1]);

describe('sending the outbox in order', () => {
  it('sends answers strictly in the order of their first edit, one at a time, and removes them', async () => {
    const db = openDatabase();
    await enqueueAnswer(db, answer('q1', { values: ['a'] }));
    await enqueueAnswer(db, answer('q2', { numericValue: 90 }));
    await enqueueAnswer(db, answer('q3', { comment: 'ok' }));
    await enqueueAnswer(db, answer('q1', { values: ['b'] }));

    let concurrent = 0;
    let maxConcurrent = 0;
    const server = new FakeServer();
    const send = async (entry: OutboxRecord) => {
      concurrent++;
      maxConcurrent = Math.max(maxConcurrent, concurrent);
      await new Promise((resolve) => setTimeout(resolve, 2));
      concurrent--;
      return server.send(entry);
    };
    const onSent = vi.fn();
    await sender({ db, send, onSent }).drain();

    expect(sentQuestions(server)).toEqual(['q1', 'q2', 'q3']);
    expect(server.requests[0]!.payload).toEqual({ values: ['b'] });
    expect(maxConcurrent).toBe(1);
    expect(await db.outbox.count()).toBe(0);
    expect(onSent).toHaveBeenCalledTimes(3);
    expect(onSent.mock.calls[0]![1]).toEqual({ questions: [{ uniqueId: 'q1', values: ['b'] }] });
    expect(onSent.mock.calls[0]![2]).toEqual({ hasNewerPending: false });
  });

  it('a newer edit while the older one is in flight: both are sent, in order, and the server ends with the newer', async () => {
    const db = openDatabase();
    const server = new FakeServer();
    const slow = gate(server);
    server.then(slow.behaviour);
    const onSent = vi.fn();
    const outbox = sender({ db, send: server.send, onSent });

    const older = await enqueueAnswer(db, answer('q1', { numericValue: 80 }));
    const draining = outbox.drain();
    await slow.entered;
    expect((await db.outbox.get(older.id))!.state).toBe('inflight');

    const newer = await enqueueAnswer(db, answer('q1', { numericValue: 85 }));
    expect(newer.id).not.toBe(older.id);
    // What the answer form does after saving: ask for a drain while one is running.
    const second = outbox.drain();
    slow.open();
    await Promise.all([draining, second]);

    expect(server.requests.map((r) => r.payload)).toEqual([{ numericValue: 80 }, { numericValue: 85 }]);
    expect(server.answers.get(`${ASSESSMENT}:q1`)).toEqual({ numericValue: 85 });
    // The first response must not overwrite the newer local value in the cache; the last one may.
    expect(onSent.mock.calls.map((call) => [call[0].id, call[2].hasNewerPending])).toEqual([
      [older.id, true],
      [newer.id, false],
    ]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('an older edit whose flight failed gives way to the newer edit queued meanwhile: only the newer is sent again', async () => {
    const db = openDatabase();
    const server = new FakeServer();
    let release!: () => void;
    let entered!: () => void;
    const enteredFlight = new Promise<void>((resolve) => (entered = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    // The first flight waits, then fails as the network does offline.
    server.then(async () => {
      entered();
      await released;
      throw new ApiError(0, 'Failed to fetch');
    });
    const outbox = sender({ db, send: server.send });

    const older = await enqueueAnswer(db, answer('q1', { values: ['a'], comment: 'ved døren' }));
    const draining = outbox.drain();
    await enteredFlight;
    const newer = await enqueueAnswer(db, answer('q1', { values: ['b'] }));
    release();
    await draining;

    const left = await answersIn(db);
    expect(left.map((entry) => entry.id)).toEqual([newer.id]);
    expect(left[0]!.payload).toEqual({ values: ['b'], comment: 'ved døren' });
    expect(await db.outbox.get(older.id)).toBeUndefined();
    await outbox.retryNow();
    expect(server.requests.map((r) => r.payload)).toEqual([
      { values: ['a'], comment: 'ved døren' },
      { values: ['b'], comment: 'ved døren' },
    ]);
    expect(server.answers.get(`${ASSESSMENT}:q1`)).toEqual({ values: ['b'], comment: 'ved døren' });
    expect(await db.outbox.count()).toBe(0);
  });

  it('tells onSent that a newer edit is queued when the question was edited again after sending began', async () => {
    const db = openDatabase();
    const server = new FakeServer();
    const slow = gate(server);
    server.then(slow.behaviour, fail(503));
    const onSent = vi.fn();
    const outbox = sender({ db, send: server.send, onSent });
    await enqueueAnswer(db, answer('q1', { values: ['a'] }));
    const draining = outbox.drain();
    await slow.entered;
    await enqueueAnswer(db, answer('q1', { values: ['b'] }));
    slow.open();
    await draining;
    // The newer edit failed (503) and is still queued.
    expect(onSent).toHaveBeenCalledTimes(1);
    expect(onSent.mock.calls[0]![2]).toEqual({ hasNewerPending: true });
    expect((await listEntries(db)).map((e) => e.payload)).toEqual([{ values: ['b'] }]);
  });

  it('builds every request fresh from the stored JSON, with the idempotency key as a header', async () => {
    const db = openDatabase();
    const entry = await enqueueAnswer(
      db,
      answer('q-ramp', { numericValue: 4.5, comment: 'Rampe ved bagdør' }),
    );
    expect(syncAnswerBody(entry)).toEqual({
      questionUniqueId: 'q-ramp',
      assessmentId: ASSESSMENT,
      numericValue: 4.5,
      comment: 'Rampe ved bagdør',
      // When it was given here: the server keeps a newer answer given elsewhere.
      answeredAt: new Date(entry.answeredAt!).toISOString(),
    });
    // An entry stored before answeredAt existed is sent without it.
    expect(syncAnswerBody({ ...entry, answeredAt: undefined })).not.toHaveProperty('answeredAt');
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response(JSON.stringify([{ uniqueId: 'q-ramp' }]), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const response = await sendSyncAnswer(entry);
    expect(response).toEqual([{ uniqueId: 'q-ramp' }]);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(SYNC_ANSWER_PATH);
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toBe(entry.idempotencyKey);
    expect(JSON.parse(init.body as string)).toEqual(syncAnswerBody(entry));

    vi.stubGlobal(
      'fetch',
      async () => new Response(JSON.stringify({ message: 'Vurderingen er låst' }), { status: 409 }),
    );
    await expect(sendSyncAnswer(entry)).rejects.toMatchObject({
      status: 409,
      message: 'Vurderingen er låst',
    });
    vi.stubGlobal('fetch', async () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(sendSyncAnswer(entry)).rejects.toMatchObject({ status: 0 });
  });

  it('counts a 200 whose body could not be read as sent (the server took the answer)', async () => {
    const db = openDatabase();
    await enqueueAnswer(db, answer('q1', { values: ['a'] }));
    const server = new FakeServer().then(() => Promise.reject(new ApiError(200, 'Empty response')));
    const onSent = vi.fn();
    await sender({ db, send: server.send, onSent }).drain();
    expect(await db.outbox.count()).toBe(0);
    expect(onSent).toHaveBeenCalledWith(expect.objectContaining({ questionUniqueId: 'q1' }), undefined, {
      hasNewerPending: false,
    });
  });
});

describe('nothing is lost by a crash or reload', () => {
  it('an answer saved just before the tab closed is found and sent by the next start', async () => {
    const tab = openDatabase();
    await enqueueAnswer(tab, answer('q1', { values: ['a'] }));
    tab.close();

    const reloaded = openDatabase(tab.name);
    const server = new FakeServer();
    await sender({ db: reloaded, send: server.send }).start();
    expect(sentQuestions(server)).toEqual(['q1']);
    expect(await reloaded.outbox.count()).toBe(0);
  });

  it('an answer in flight when the tab died is sent again with the same idempotency key and applied once', async () => {
    const tab = openDatabase();
    const entry = await enqueueAnswer(tab, answer('q1', { numericValue: 72 }));
    const server = new FakeServer();
    let applied!: () => void;
    const appliedOnServer = new Promise<void>((resolve) => (applied = resolve));
    // The server applies the answer, but the response never arrives: the tab is closed.
    server.then((sent) => {
      server.apply(sent);
      applied();
      return new Promise<never>(() => undefined);
    });
    void sender({ db: tab, send: server.send, locks: new TestLockManager() }).drain();
    await appliedOnServer;
    expect((await tab.outbox.get(entry.id))!.state).toBe('inflight');

    // A new page load: a new connection, and the dead tab's lock is gone with it.
    const reloaded = openDatabase(tab.name);
    const restarted = sender({ db: reloaded, send: server.send, locks: new TestLockManager() });
    await restarted.start();

    expect(server.requests.map((r) => r.idempotencyKey)).toEqual([
      entry.idempotencyKey,
      entry.idempotencyKey,
    ]);
    expect(server.applied).toEqual([entry.idempotencyKey]);
    expect(await reloaded.outbox.count()).toBe(0);
  });

  it('keeps sending when the browser closed the IndexedDB connection', async () => {
    const db = openDatabase();
    await enqueueAnswer(db, answer('q1', { values: ['a'] }));
    await enqueueAnswer(db, answer('q2', { values: ['b'] }));
    db.close();
    const server = new FakeServer();
    await sender({ db, send: server.send }).drain();
    expect(sentQuestions(server)).toEqual(['q1', 'q2']);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('classifying failures', () => {
  it('retries network errors, 408, 429 and 5xx; waits for sign-in on 401; parks 400, 403, 409 and other 4xx', () => {
    for (const status of [0, 408, 429, 500, 502, 503, 504]) expect(classifyFailure(status)).toBe('transient');
    expect(classifyFailure(401)).toBe('auth');
    for (const status of [400, 403, 404, 409, 422]) expect(classifyFailure(status)).toBe('refused');
  });

  it('a 403 parks that one entry with its message, and the later answers go on', async () => {
    const db = openDatabase();
    await enqueueAnswer(db, answer('q1', { values: ['a'] }));
    await enqueueAnswer(db, answer('q2', { values: ['b'] }));
    const server = new FakeServer().then(fail(403, 'Ingen adgang til denne vurdering'));
    const onPaused = vi.fn();
    const onParked = vi.fn();
    const outbox = sender({ db, send: server.send, onPaused, onParked });
    await outbox.drain();
    expect(onPaused).not.toHaveBeenCalled();
    expect(outbox.isPaused()).toBe(false);
    expect(onParked).toHaveBeenCalledTimes(1);
    expect((await listEntries(db)).map((e) => [e.questionUniqueId, e.state, e.parkedMessage])).toEqual([
      ['q1', 'parked', 'Ingen adgang til denne vurdering'],
    ]);
    expect(sentQuestions(server)).toEqual(['q1', 'q2']);
  });

  it('a transient failure stops the round so that later answers never overtake it', async () => {
    const db = openDatabase();
    await enqueueAnswer(db, answer('q1', { values: ['a'] }));
    await enqueueAnswer(db, answer('q2', { values: ['b'] }));
    const server = new FakeServer().then(fail(503, 'Service Unavailable'));
    const outbox = sender({ db, send: server.send, now: () => 1_000_000, random: () => 0 });
    await outbox.drain();
    expect(sentQuestions(server)).toEqual(['q1']);
    const [first, second] = await listEntries(db);
    expect(first).toMatchObject({
      questionUniqueId: 'q1',
      state: 'pending',
      attempts: 1,
      nextAttemptAt: 1_001_000,
      lastError: 'Service Unavailable',
    });
    expect(second).toMatchObject({ questionUniqueId: 'q2', state: 'pending', attempts: 0 });

    // Still waiting for q1's backoff: another drain sends nothing, q2 included.
    await outbox.drain();
    expect(server.requests).toHaveLength(1);
    // Retry now: both go, in order.
    await outbox.retryNow();
    expect(sentQuestions(server)).toEqual(['q1', 'q1', 'q2']);
  });

  it('a refused answer (409) is parked with the server message, shown, never retried, and the next one is sent', async () => {
    const db = openDatabase();
    const locked = await enqueueAnswer(db, answer('q1', { values: ['a'] }, { valueText: 'Ja' }));
    await enqueueAnswer(db, answer('q2', { values: ['b'] }));
    const server = new FakeServer().then(fail(409, 'Vurderingen er låst og kan ikke ændres'));
    const onParked = vi.fn();
    const outbox = sender({ db, send: server.send, onParked });
    await outbox.drain();

    expect(sentQuestions(server)).toEqual(['q1', 'q2']);
    expect(onParked).toHaveBeenCalledTimes(1);
    expect(onParked.mock.calls[0]![0]).toMatchObject({
      id: locked.id,
      state: 'parked',
      parkedMessage: 'Vurderingen er låst og kan ikke ændres',
    });
    const listed = await listEntries(db, USER_A);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      state: 'parked',
      valueText: 'Ja',
      questionTitle: 'Spørgsmål q1',
      parkedMessage: 'Vurderingen er låst og kan ikke ændres',
      payload: { values: ['a'] },
    });

    await outbox.retryNow();
    await outbox.drain();
    expect(server.requests).toHaveLength(2);
    expect(await discardParked(db, locked.id)).toBe(true);
    expect(await db.outbox.count()).toBe(0);
  });

  it('an answer outdated by a newer one on the server is parked with its code; the user keeps it or takes the newer', async () => {
    const db = openDatabase();
    const older = await enqueueAnswer(db, answer('q1', { numericValue: 80 }, { valueText: '80 cm' }));
    const other = await enqueueAnswer(db, answer('q2', { numericValue: 70 }, { valueText: '70 cm' }));
    const changedSince = (): Promise<never> =>
      Promise.reject(
        new ApiError(409, 'Maja ændrede svaret', {
          code: 'ANSWER_CHANGED_SINCE',
          current: {
            values: [],
            numericValue: 90,
            comment: null,
            answeredAt: '2026-11-24T10:00:00.000Z',
            answeredBy: 'Maja',
          },
        }),
      );
    const server = new FakeServer().then(changedSince);
    const outbox = sender({ db, send: server.send });
    await outbox.drain();
    // Parked with the reason and the code; the next answer went on.
    expect(sentQuestions(server)).toEqual(['q1', 'q2']);
    const [parked] = await listEntries(db);
    expect(parked).toMatchObject({
      id: older.id,
      state: 'parked',
      parkedMessage: 'Maja ændrede svaret',
      parkedCode: 'ANSWER_CHANGED_SINCE',
    });
    // Another refusal carries its own code (or none), so it offers no such choice.
    expect(
      changedSinceChoice(db, { ...parked!, parkedCode: 'ASSESSMENT_LOCKED' }, outbox.drain),
    ).toBeUndefined();
    expect(changedSinceChoice(db, { ...other, state: 'pending' }, outbox.drain)).toBeUndefined();

    // Keep mine: sent again with a new key, and taken.
    await changedSinceChoice(db, parked!, outbox.drain)!.keepMine();
    expect(server.requests.at(-1)).toMatchObject({ entryId: older.id, payload: { numericValue: 80 } });
    expect(server.requests.at(-1)!.idempotencyKey).not.toBe(older.idempotencyKey);
    expect(server.answers.get(parked!.key)).toEqual({ numericValue: 80 });
    expect(await db.outbox.count()).toBe(0);

    // Take the newer: the device's answer goes, nothing is sent.
    await enqueueAnswer(db, answer('q3', { values: ['a'] }));
    server.then(changedSince);
    await outbox.drain();
    const [outdated] = await listEntries(db);
    expect(outdated).toMatchObject({ state: 'parked', parkedCode: 'ANSWER_CHANGED_SINCE' });
    const sent = server.requests.length;
    await changedSinceChoice(db, outdated!, outbox.drain)!.takeNewest();
    await outbox.drain();
    expect(server.requests).toHaveLength(sent);
    expect(await db.outbox.count()).toBe(0);
  });

  it('keeping an outdated answer while a newer edit of it waits leaves the newer edit to carry it', async () => {
    const db = openDatabase();
    const parked = await enqueueAnswer(db, answer('q1', { numericValue: 80, comment: 'målt' }));
    await db.outbox.update(parked.id, { state: 'inflight' });
    const newer = await enqueueAnswer(db, answer('q1', { numericValue: 85 }));
    await db.outbox.update(parked.id, {
      state: 'parked',
      parkedCode: 'ANSWER_CHANGED_SINCE',
      parkedMessage: 'Nyere',
    });
    const stored = (await db.outbox.get(parked.id))!;
    expect(await keepParkedAnswer(db, stored.id)).toBe(true);
    expect((await listEntries(db)).map((e) => [e.id, e.state, e.payload])).toEqual([
      [newer.id, 'pending', { numericValue: 85, comment: 'målt' }],
    ]);
    // Only a parked ANSWER_CHANGED_SINCE can be kept.
    expect(await keepParkedAnswer(db, newer.id)).toBe(false);

    // Kept alone: pending again, as given now, with a new key.
    await db.outbox.update(newer.id, {
      state: 'parked',
      parkedCode: 'ANSWER_CHANGED_SINCE',
      parkedMessage: 'Nyere',
    });
    const before = Date.now();
    expect(await keepParkedAnswer(db, newer.id)).toBe(true);
    const kept = (await listEntries(db))[0]!;
    expect(kept).toMatchObject({ state: 'pending', parkedCode: null, parkedMessage: null, attempts: 0 });
    expect(kept.answeredAt).toBeGreaterThanOrEqual(before);
    expect(kept.idempotencyKey).not.toBe(newer.idempotencyKey);
  });

  it('a value refused with 400 is parked too, and a corrected value replaces it and is sent', async () => {
    const db = openDatabase();
    await enqueueAnswer(db, answer('q1', { numericValue: 4000, comment: 'målt' }));
    const server = new FakeServer().then(fail(400, 'Værdien skal ligge mellem 0 og 300'));
    const outbox = sender({ db, send: server.send });
    await outbox.drain();
    expect((await listEntries(db))[0]).toMatchObject({ state: 'parked' });

    await enqueueAnswer(db, answer('q1', { numericValue: 40 }));
    await outbox.drain();
    expect(server.requests.at(-1)!.payload).toEqual({ numericValue: 40, comment: 'målt' });
    expect(await db.outbox.count()).toBe(0);
  });

  it('pauses on 401 without losing the answer, and resumes after a new sign-in', async () => {
    const db = openDatabase();
    await enqueueAnswer(db, answer('q1', { values: ['a'] }));
    await enqueueAnswer(db, answer('q2', { values: ['b'] }));
    const server = new FakeServer().then(fail(401, 'Unauthorized'));
    const onPaused = vi.fn();
    const outbox = sender({ db, send: server.send, onPaused });
    await outbox.drain();

    expect(onPaused).toHaveBeenCalledTimes(1);
    expect(onPaused.mock.calls[0]![0]).toMatchObject({ status: 401 });
    expect(outbox.isPaused()).toBe(true);
    expect((await listEntries(db)).map((e) => [e.questionUniqueId, e.state, e.attempts])).toEqual([
      ['q1', 'pending', 0],
      ['q2', 'pending', 0],
    ]);

    // Paused: neither a drain nor a new answer sends anything.
    await enqueueAnswer(db, answer('q3', { values: ['c'] }));
    await outbox.drain();
    await outbox.retryNow();
    expect(server.requests).toHaveLength(1);

    await outbox.resume();
    expect(outbox.isPaused()).toBe(false);
    expect(sentQuestions(server)).toEqual(['q1', 'q1', 'q2', 'q3']);
    expect(await db.outbox.count()).toBe(0);
  });

  it('resumes by itself when a new token arrives after a 401 (started sender)', async () => {
    const db = openDatabase();
    await enqueueAnswer(db, answer('q1', { values: ['a'] }));
    const server = new FakeServer().then(fail(401, 'Token expired'));
    let signIn: ((token: string | null) => void) | null = null;
    const outbox = sender({
      db,
      send: server.send,
      subscribeToSession: (listener) => {
        signIn = listener;
        return () => (signIn = null);
      },
    });
    await outbox.start();
    expect(outbox.isPaused()).toBe(true);
    signIn!(null); // signed out: still paused
    expect(outbox.isPaused()).toBe(true);
    signIn!('new-token');
    await settleUntil(() => server.requests.length === 2, 'the resent answer');
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0));
    outbox.stop();
    expect(signIn).toBeNull();
  });
});

describe('only the author sends', () => {
  it('sends only the signed-in author’s answers; another user’s stay until that user signs in', async () => {
    const db = openDatabase();
    await enqueueAnswer(db, answer('q1', { values: ['a'] }, { ssoUuid: USER_A }));
    await enqueueAnswer(db, answer('q2', { values: ['b'] }, { ssoUuid: USER_B }));
    await enqueueAnswer(db, answer('q3', { values: ['c'] }, { ssoUuid: USER_A }));
    const server = new FakeServer();
    let signedIn: string | null = null;
    const outbox = sender({ db, send: server.send, currentUser: () => signedIn });

    await outbox.drain();
    expect(server.requests).toHaveLength(0);

    signedIn = USER_A;
    await outbox.drain();
    expect(sentQuestions(server)).toEqual(['q1', 'q3']);
    expect((await listEntries(db)).map((e) => [e.questionUniqueId, e.ssoUuid, e.state])).toEqual([
      ['q2', USER_B, 'pending'],
    ]);

    signedIn = USER_B;
    await outbox.drain();
    expect(sentQuestions(server)).toEqual(['q1', 'q3', 'q2']);
    expect(await db.outbox.count()).toBe(0);
  });

  it('never sends an entry with the token of a user who signed in while it was being claimed', async () => {
    const db = openDatabase();
    await enqueueAnswer(db, answer('q1', { values: ['a'] }, { ssoUuid: USER_A }));
    const server = new FakeServer();
    // A is signed in when the round starts; B has signed in by the time the entry is taken.
    const whoIsSignedIn = [USER_A];
    let signedIn: string = USER_B;
    const outbox = sender({ db, send: server.send, currentUser: () => whoIsSignedIn.shift() ?? signedIn });

    await outbox.drain();
    expect(server.requests).toHaveLength(0);
    expect((await listEntries(db)).map((e) => [e.questionUniqueId, e.state, e.attempts])).toEqual([
      ['q1', 'pending', 0],
    ]);

    signedIn = USER_A;
    await outbox.drain();
    expect(sentQuestions(server)).toEqual(['q1']);
  });
});

describe('triggers', () => {
  it('drains when the browser comes online (backoff skipped) and when the tab becomes visible, until stopped', async () => {
    const db = openDatabase();
    await enqueueAnswer(db, answer('q1', { values: ['a'] }));
    const server = new FakeServer().then(networkError);
    const outbox = sender({ db, send: server.send, random: () => 0 });
    await outbox.start();
    expect(server.requests).toHaveLength(1);
    expect((await listEntries(db))[0]!.attempts).toBe(1);

    window.dispatchEvent(new Event('online'));
    await settleUntil(() => server.requests.length === 2, 'a drain after online');
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0));

    await enqueueAnswer(db, answer('q2', { values: ['b'] }));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    await settleUntil(() => server.requests.length === 3, 'a drain when the tab is visible');

    outbox.stop();
    await enqueueAnswer(db, answer('q3', { values: ['c'] }));
    window.dispatchEvent(new Event('online'));
    document.dispatchEvent(new Event('visibilitychange'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests).toHaveLength(3);
  });
});
