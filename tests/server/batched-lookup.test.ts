import { describe, expect, it } from 'vitest';
import { createBatchedLookup, MAX_BATCH_KEYS } from '../../server/src/db/batched-lookup';

/**
 * Reads that share queries (server/src/db/batched-lookup.ts): the callers of one turn of the
 * event loop are answered together by one read started after it, never by a read that started
 * before they asked, and no read waits for another.
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

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('a batched lookup', () => {
  it('reads the keys of one turn together, and a later turn at once, without waiting for the first', async () => {
    const db = fakeDatabase({ a: 1, b: 2, c: 3 });
    const lookup = createBatchedLookup(db.load);
    const together = [lookup('a'), lookup('b'), lookup('a'), lookup('x')];
    await nextTurn();
    expect(db.loads.map((l) => l.keys)).toEqual([['a', 'b', 'x']]);

    const later = lookup('c');
    await nextTurn();
    // The first read still runs: the second does not wait for it.
    expect(db.loads.map((l) => l.keys)).toEqual([['a', 'b', 'x'], ['c']]);
    db.loads[1]!.release();
    expect(await later).toBe(3);
    db.loads[0]!.release();
    expect(await Promise.all(together)).toEqual([1, 2, 1, undefined]);
  });

  it('never answers a caller with a read that started before it asked', async () => {
    const db = fakeDatabase({ a: 1 });
    const lookup = createBatchedLookup(db.load);
    const before = lookup('a');
    await nextTurn();
    // A write commits while the first read runs; the caller after it must see it.
    db.rows.set('a', 2);
    const after = lookup('a');
    db.loads[0]!.release();
    expect(await before).toBe(1);
    await nextTurn();
    db.loads[1]!.release();
    expect(await after).toBe(2);
  });

  it('fails only the callers of a failed read', async () => {
    const db = fakeDatabase({ a: 1 });
    const lookup = createBatchedLookup(db.load);
    const failing = lookup('a');
    await nextTurn();
    const next = lookup('a');
    db.loads[0]!.fail(new Error('the database went away'));
    await expect(failing).rejects.toThrow('the database went away');
    await nextTurn();
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

  it(`reads at most ${MAX_BATCH_KEYS} keys in one query`, async () => {
    const db = fakeDatabase({});
    const lookup = createBatchedLookup(db.load);
    const many = Array.from({ length: MAX_BATCH_KEYS + 3 }, (_, i) => lookup(`k${i}`));
    await nextTurn();
    expect(db.loads.map((l) => l.keys.length)).toEqual([MAX_BATCH_KEYS, 3]);
    for (const load of db.loads) load.release();
    expect((await Promise.all(many)).every((v) => v === undefined)).toBe(true);
  });
});
