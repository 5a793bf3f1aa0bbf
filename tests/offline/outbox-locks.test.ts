// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppDatabase, OutboxRecord } from '../../src/offline/db';
import { enqueueAnswer } from '../../src/offline/outbox';
import { OUTBOX_LOCK_NAME, type OutboxLockManager } from '../../src/offline/outbox-sender';
import { FakeServer, TestLockManager, answer, cleanUp, openDatabase, sender } from './outbox-helpers';

/**
 * Two tabs are two senders, each with its own connection to one database. The lock is either
 * a tiny stand-in for navigator.locks (TestLockManager, shared by the two "tabs" as the
 * browser shares it), installed as navigator.locks or passed in; or, where navigator.locks is
 * missing (jsdom), the module-level in-process lock the sender falls back to.
 */

afterEach(async () => {
  Reflect.deleteProperty(navigator, 'locks');
  await cleanUp();
});

async function fill(db: AppDatabase, count: number) {
  for (let i = 0; i < count; i++) await enqueueAnswer(db, answer(`q${i}`, { numericValue: i }));
}

/** A send that takes a little while, so that the two tabs really overlap. */
function slowServer() {
  const server = new FakeServer();
  let concurrent = 0;
  let maxConcurrent = 0;
  const send = async (entry: OutboxRecord) => {
    concurrent++;
    maxConcurrent = Math.max(maxConcurrent, concurrent);
    await new Promise((resolve) => setTimeout(resolve, 1 + (entry.id % 3)));
    concurrent--;
    return server.send(entry);
  };
  return { server, send, maxConcurrent: () => maxConcurrent };
}

/** Both tabs drain again and again while answers are sent, as enqueue, online and visibility would make them. */
async function race(tabs: { drain(): Promise<void> }[], rounds = 8) {
  const runs: Promise<void>[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const tab of tabs) runs.push(tab.drain());
    await new Promise((resolve) => setTimeout(resolve, 3));
  }
  await Promise.all(runs);
  // What a later trigger (the lock-retry timer, the next enqueue) does: one last drain each.
  for (const tab of tabs) await tab.drain();
}

function expectEachSentOnceInOrder(server: FakeServer, ids: number[]) {
  const sentKeys = server.requests.map((r) => r.idempotencyKey);
  expect(new Set(sentKeys).size).toBe(sentKeys.length);
  expect(server.requests.map((r) => r.entryId)).toEqual(ids);
}

describe('one sender at a time across tabs', () => {
  it('with a shared lock manager, two tabs never send the same answer twice and keep the order', async () => {
    const first = openDatabase();
    const second = openDatabase(first.name);
    await fill(first, 15);
    const ids = (await first.outbox.toArray()).map((e) => e.id);
    const { server, send, maxConcurrent } = slowServer();
    const browser = new TestLockManager();
    const request = vi.spyOn(browser, 'request');
    const tabs = [sender({ db: first, send, locks: browser }), sender({ db: second, send, locks: browser })];

    await race(tabs);

    expectEachSentOnceInOrder(server, ids);
    expect(maxConcurrent()).toBe(1);
    expect(request).toHaveBeenCalledWith(OUTBOX_LOCK_NAME, { ifAvailable: true }, expect.any(Function));
    expect(await first.outbox.count()).toBe(0);
  });

  it('uses navigator.locks with ifAvailable when the browser has it', async () => {
    const browser = new TestLockManager();
    const request = vi.spyOn(browser, 'request');
    Object.defineProperty(navigator, 'locks', { value: browser, configurable: true });
    const first = openDatabase();
    const second = openDatabase(first.name);
    await fill(first, 10);
    const ids = (await first.outbox.toArray()).map((e) => e.id);
    const { server, send, maxConcurrent } = slowServer();

    await race([sender({ db: first, send }), sender({ db: second, send })]);

    expect(request).toHaveBeenCalled();
    expect(
      request.mock.calls.every(([name, options]) => name === OUTBOX_LOCK_NAME && options.ifAvailable),
    ).toBe(true);
    expectEachSentOnceInOrder(server, ids);
    expect(maxConcurrent()).toBe(1);
  });

  it('a tab that finds the lock taken sends nothing and leaves the answers queued', async () => {
    const db = openDatabase();
    await fill(db, 1);
    const { server, send } = slowServer();
    const busy: OutboxLockManager = { request: (_name, _options, callback) => callback(null) };
    const outbox = sender({ db, send, locks: busy });
    await outbox.drain();
    expect(server.requests).toHaveLength(0);
    expect(await db.outbox.count()).toBe(1);
  });

  it('without navigator.locks, senders in one realm share the in-process lock', async () => {
    expect('locks' in navigator).toBe(false);
    const first = openDatabase();
    const second = openDatabase(first.name);
    await fill(first, 12);
    const ids = (await first.outbox.toArray()).map((e) => e.id);
    const { server, send, maxConcurrent } = slowServer();

    await race([sender({ db: first, send }), sender({ db: second, send })]);

    expectEachSentOnceInOrder(server, ids);
    expect(maxConcurrent()).toBe(1);
  });

  it('even fully unguarded (two realms without Web Locks) an answer is never taken twice: claims are transactional', async () => {
    const first = openDatabase();
    const second = openDatabase(first.name);
    await fill(first, 12);
    const ids = (await first.outbox.toArray()).map((e) => e.id);
    const { server, send } = slowServer();

    await race([sender({ db: first, send, locks: null }), sender({ db: second, send, locks: null })]);

    const sentKeys = server.requests.map((r) => r.idempotencyKey);
    expect(new Set(sentKeys).size).toBe(sentKeys.length);
    expect(server.requests.map((r) => r.entryId).sort((a, b) => a - b)).toEqual(ids);
    expect(await first.outbox.count()).toBe(0);
  });
});
