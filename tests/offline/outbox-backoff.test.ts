// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enqueueAnswer, listEntries } from '../../src/offline/outbox';
import {
  BACKOFF_MAX_MS,
  LOCK_RETRY_MS,
  RETRY_AFTER_MAX_MS,
  backoffDelay,
  retryDelay,
  type OutboxLockManager,
} from '../../src/offline/outbox-sender';
import { ApiError } from '../../src/api/http';
import {
  FakeServer,
  answer,
  cleanUp,
  fail,
  networkError,
  openDatabase,
  sender,
  settle,
  settleUntil,
} from './outbox-helpers';

/**
 * Fake timers for the clock and setTimeout only: fake-indexeddb works with setImmediate,
 * which stays real, so IndexedDB keeps working while the clock stands still.
 */
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});

afterEach(async () => {
  vi.useRealTimers();
  await cleanUp();
});

/** Moves the clock and lets the drain that a timer started run to its end. */
async function advance(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
  await settle();
}

describe('backoff after a failure that is retried', () => {
  it('after a network error the answer is not retried before 1 s, and is retried after', async () => {
    const db = openDatabase();
    await enqueueAnswer(db, answer('q1', { values: ['a'] }));
    const server = new FakeServer().then(networkError);
    const outbox = sender({ db, send: server.send, random: () => 0 });
    const startedAt = Date.now();
    await outbox.start();
    expect(server.requests).toHaveLength(1);
    expect((await listEntries(db))[0]).toMatchObject({
      state: 'pending',
      attempts: 1,
      nextAttemptAt: startedAt + 1000,
    });

    await advance(999);
    expect(server.requests).toHaveLength(1);
    await advance(1);
    await settleUntil(() => server.requests.length === 2, 'the retry after 1 s');
    await settle(() => false, 50);
    expect(await db.outbox.count()).toBe(0);
  });

  it('with jitter the first retry still comes no earlier than 1 s and no later than 1.5 s', async () => {
    const db = openDatabase();
    await enqueueAnswer(db, answer('q1', { values: ['a'] }));
    const server = new FakeServer().then(networkError);
    const outbox = sender({ db, send: server.send, random: () => 0.99 });
    await outbox.start();
    await advance(999);
    expect(server.requests).toHaveLength(1);
    await advance(500);
    await settleUntil(() => server.requests.length === 2, 'the retry within 1.5 s');
  });

  it('doubles the wait after each failure and never waits more than 60 s', async () => {
    const db = openDatabase();
    await enqueueAnswer(db, answer('q1', { values: ['a'] }));
    const failures = 9;
    const server = new FakeServer().then(
      ...Array.from({ length: failures }, (_, i) =>
        i % 3 === 0 ? fail(503) : i % 3 === 1 ? fail(429) : networkError,
      ),
    );
    const outbox = sender({ db, send: server.send, random: () => 0 });
    await outbox.start();

    const waits: number[] = [];
    for (let attempt = 1; attempt <= failures; attempt++) {
      const [entry] = await listEntries(db);
      expect(entry!.attempts).toBe(attempt);
      const wait = entry!.nextAttemptAt - Date.now();
      waits.push(wait);
      await advance(wait - 1);
      expect(server.requests).toHaveLength(attempt);
      await advance(1);
      await settleUntil(() => server.requests.length === attempt + 1, `attempt ${attempt + 1}`);
      await settle(() => false, 30);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000]);
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0));
  });

  it('caps the jittered delay at 60 s too', () => {
    for (const random of [() => 0, () => 0.5, () => 0.999]) {
      for (let attempts = 1; attempts <= 20; attempts++) {
        const delay = backoffDelay(attempts, random);
        expect(delay).toBeGreaterThanOrEqual(Math.min(BACKOFF_MAX_MS, 1000 * 2 ** (attempts - 1)));
        expect(delay).toBeLessThanOrEqual(BACKOFF_MAX_MS);
      }
    }
    expect(backoffDelay(1, () => 0.999)).toBe(1500);
    expect(backoffDelay(7, () => 0)).toBe(60_000);
  });

  it("waits as long as a 429's Retry-After asks, not its shorter backoff, and not longer", async () => {
    const db = openDatabase();
    await enqueueAnswer(db, answer('q1', { values: ['a'] }));
    const server = new FakeServer().then(() =>
      Promise.reject(new ApiError(429, 'Too many requests', undefined, 45_000)),
    );
    const outbox = sender({ db, send: server.send, random: () => 0 });
    const startedAt = Date.now();
    await outbox.start();
    expect((await listEntries(db))[0]).toMatchObject({ attempts: 1, nextAttemptAt: startedAt + 45_000 });
    await advance(44_999);
    expect(server.requests).toHaveLength(1);
    await advance(1);
    await settleUntil(() => server.requests.length === 2, 'the retry once the window is over');
    await settle(() => false, 50);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a Retry-After shorter than the backoff, or absurdly long, does not shorten or stall the retry', () => {
    expect(retryDelay(4, 1_000, () => 0)).toBe(8_000);
    expect(retryDelay(1, undefined, () => 0)).toBe(1_000);
    expect(retryDelay(1, 10 * 24 * 3600_000, () => 0)).toBe(RETRY_AFTER_MAX_MS);
  });

  it('answers typed while the first waits for its retry are sent after it, in order', async () => {
    const db = openDatabase();
    await enqueueAnswer(db, answer('q1', { values: ['a'] }));
    const server = new FakeServer().then(networkError);
    const outbox = sender({ db, send: server.send, random: () => 0 });
    await outbox.start();
    await enqueueAnswer(db, answer('q2', { values: ['b'] }));
    await outbox.drain();
    expect(server.requests).toHaveLength(1);

    await advance(1000);
    await settleUntil(() => server.requests.length === 3, 'both answers');
    expect(server.requests.map((r) => r.key.split(':')[1])).toEqual(['q1', 'q1', 'q2']);
  });

  it('"retry now" sends at once, without waiting for the backoff', async () => {
    const db = openDatabase();
    await enqueueAnswer(db, answer('q1', { values: ['a'] }));
    const server = new FakeServer().then(networkError, networkError, networkError);
    const outbox = sender({ db, send: server.send, random: () => 0 });
    await outbox.start();
    await advance(1000);
    await advance(2000);
    await settleUntil(() => server.requests.length === 3, 'three attempts');
    expect((await listEntries(db))[0]!.nextAttemptAt - Date.now()).toBe(4000);

    await outbox.retryNow();
    expect(server.requests).toHaveLength(4);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a stopped sender sets no timer', async () => {
    const db = openDatabase();
    await enqueueAnswer(db, answer('q1', { values: ['a'] }));
    const server = new FakeServer().then(networkError);
    const outbox = sender({ db, send: server.send, random: () => 0 });
    await outbox.start();
    outbox.stop();
    await advance(120_000);
    expect(server.requests).toHaveLength(1);
    expect(await db.outbox.count()).toBe(1);
  });

  it('a tab that found the lock taken looks again a little later', async () => {
    const db = openDatabase();
    await enqueueAnswer(db, answer('q1', { values: ['a'] }));
    let taken = true;
    const locks: OutboxLockManager = {
      request: (_name, _options, callback) => callback(taken ? null : { name: 'bt-outbox' }),
    };
    const server = new FakeServer();
    const outbox = sender({ db, send: server.send, locks });
    await outbox.start();
    expect(server.requests).toHaveLength(0);
    taken = false;
    await advance(LOCK_RETRY_MS - 1);
    expect(server.requests).toHaveLength(0);
    await advance(1);
    await settleUntil(() => server.requests.length === 1, 'the send after the lock was free');
  });

  it('a request that hangs is given up after the timeout and retried with the same key', async () => {
    const db = openDatabase();
    const entry = await enqueueAnswer(db, answer('q1', { values: ['a'] }));
    const server = new FakeServer().then(() => new Promise<never>(() => undefined));
    const outbox = sender({ db, send: server.send, random: () => 0 });
    void outbox.start();
    await settleUntil(() => server.requests.length === 1, 'the first attempt');
    await advance(30_000);
    await settle(() => false, 50);
    expect((await listEntries(db))[0]).toMatchObject({ state: 'pending', attempts: 1 });
    await advance(1000);
    await settleUntil(() => server.requests.length === 2, 'the retry');
    expect(server.requests.map((r) => r.idempotencyKey)).toEqual([
      entry.idempotencyKey,
      entry.idempotencyKey,
    ]);
  });
});
