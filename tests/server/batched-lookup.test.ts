import { describe, expect, it } from 'vitest';
import { createBatchedLookup, MAX_BATCH_KEYS } from '../../server/src/db/batched-lookup';

/**
 * Reads that share queries (server/src/db/batched-lookup.ts): callers that come while a query
 * runs are answered together by the next one, and never by one that started before they came.
 */

/** A database of key → value whose reads the test releases one at a time. */
function fakeDatabase(initial: Record<string, number>) {
  const rows = new Map(Object.entries(initial));
  const loads: { keys: readonly string[]; release(): void; fail(error: Error): void }[] = [];
  const load = (keys: readonly string[]) =>
    new Promise<ReadonlyMap<string, number>>((resolve, reject) => {
      // What the query sees is read when it starts, as a database's snapshot would be.
      const seen = new Map(keys.filter((k) => rows.has(k)).map((k) => [k, rows.get(k)!]));
      loads.push({ keys, release: () => resolve(seen), fail: reject });
    });
  return { rows, loads, load };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('a batched lookup', () => {
  it('reads alone at once, and the callers that come meanwhile together in the next read', async () => {
    const db = fakeDatabase({ a: 1, b: 2, c: 3 });
    const lookup = createBatchedLookup(db.load);
    const first = lookup('a');
    await settle();
    expect(db.loads.map((l) => l.keys)).toEqual([['a']]);

    const waiting = [lookup('b'), lookup('c'), lookup('b'), lookup('x')];
    await settle();
    expect(db.loads).toHaveLength(1);
    db.loads[0]!.release();
    expect(await first).toBe(1);
    await settle();
    expect(db.loads.map((l) => l.keys)).toEqual([['a'], ['b', 'c', 'x']]);
    db.loads[1]!.release();
    expect(await Promise.all(waiting)).toEqual([2, 3, 2, undefined]);
  });

  it('never answers a caller with a read that started before it asked', async () => {
    const db = fakeDatabase({ a: 1 });
    const lookup = createBatchedLookup(db.load);
    const before = lookup('a');
    await settle();
    // A write commits while the first read runs; the caller after it must see it.
    db.rows.set('a', 2);
    const after = lookup('a');
    db.loads[0]!.release();
    expect(await before).toBe(1);
    await settle();
    db.loads[1]!.release();
    expect(await after).toBe(2);
  });

  it('fails only the callers of a failed read, and reads again for the next', async () => {
    const db = fakeDatabase({ a: 1 });
    const lookup = createBatchedLookup(db.load);
    const failing = lookup('a');
    await settle();
    const next = lookup('a');
    db.loads[0]!.fail(new Error('the database went away'));
    await expect(failing).rejects.toThrow('the database went away');
    await settle();
    db.loads[1]!.release();
    expect(await next).toBe(1);
  });

  it('survives a read that throws before it returns a promise', async () => {
    let calls = 0;
    const lookup = createBatchedLookup<number>((keys) => {
      calls++;
      if (calls === 1) throw new Error('no connection');
      return Promise.resolve(new Map(keys.map((k) => [k, 7])));
    });
    await expect(lookup('a')).rejects.toThrow('no connection');
    expect(await lookup('a')).toBe(7);
  });

  it(`reads at most ${MAX_BATCH_KEYS} keys at a time`, async () => {
    const db = fakeDatabase({});
    const lookup = createBatchedLookup(db.load);
    const first = lookup('first');
    await settle();
    const many = Array.from({ length: MAX_BATCH_KEYS + 3 }, (_, i) => lookup(`k${i}`));
    db.loads[0]!.release();
    await first;
    await settle();
    expect(db.loads[1]!.keys).toHaveLength(MAX_BATCH_KEYS);
    db.loads[1]!.release();
    await settle();
    expect(db.loads[2]!.keys).toEqual([
      `k${MAX_BATCH_KEYS}`,
      `k${MAX_BATCH_KEYS + 1}`,
      `k${MAX_BATCH_KEYS + 2}`,
    ]);
    db.loads[2]!.release();
    expect((await Promise.all(many)).every((v) => v === undefined)).toBe(true);
  });
});
