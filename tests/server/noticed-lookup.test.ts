import { describe, expect, it } from 'vitest';
import { rememberUntilNotice } from '../../server/src/db/noticed-lookup';

/**
 * Answers kept until a notice (server/src/db/noticed-lookup.ts): a kept answer costs no read; a
 * notice forgets them; an answer read while a notice came, or before the notices were listened
 * to, is not kept.
 */

function setUp(subscribed: Promise<void> = Promise.resolve()) {
  const values = new Map<string, number>([['a', 1]]);
  const reads: { key: string; release(): void }[] = [];
  let notify = () => {};
  const lookup = rememberUntilNotice<number>(
    (key) =>
      new Promise((resolve) => {
        const value = values.get(key);
        reads.push({ key, release: () => resolve(value) });
      }),
    (onNotice) => {
      notify = onNotice;
      return subscribed;
    },
    100,
  );
  return { values, reads, lookup, notice: () => notify() };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('a lookup remembered until a notice', () => {
  it('reads once while nothing changes, and again after a notice', async () => {
    const { values, reads, lookup, notice } = setUp();
    await settle();
    const first = lookup('a');
    reads[0]!.release();
    expect(await first).toBe(1);
    expect(await lookup('a')).toBe(1);
    expect(reads).toHaveLength(1);
    values.set('a', 2);
    notice();
    const after = lookup('a');
    reads[1]!.release();
    expect(await after).toBe(2);
  });

  it('does not keep what it read while a notice came', async () => {
    const { reads, lookup, notice } = setUp();
    await settle();
    const during = lookup('a');
    notice();
    reads[0]!.release();
    expect(await during).toBe(1);
    const next = lookup('a');
    expect(reads).toHaveLength(2);
    reads[1]!.release();
    await next;
  });

  it('keeps nothing before the notices are listened to, nor when they cannot be', async () => {
    let listen = () => {};
    const { reads, lookup } = setUp(new Promise<void>((resolve) => (listen = resolve)));
    const before = lookup('a');
    reads[0]!.release();
    await before;
    listen();
    await settle();
    const again = lookup('a');
    expect(reads).toHaveLength(2);
    reads[1]!.release();
    await again;

    const failing = setUp(Promise.reject(new Error('no LISTEN')));
    await settle();
    for (let i = 0; i < 2; i++) {
      const read = failing.lookup('a');
      failing.reads[i]!.release();
      await read;
    }
    expect(failing.reads).toHaveLength(2);
  });

  it('never keeps a key without a value', async () => {
    const { reads, lookup } = setUp();
    await settle();
    for (let i = 0; i < 2; i++) {
      const read = lookup('missing');
      reads[i]!.release();
      expect(await read).toBeUndefined();
    }
    expect(reads).toHaveLength(2);
  });
});
