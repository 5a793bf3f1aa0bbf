import { setBounded } from '../bounded-map';
import type { BatchedLookup } from './batched-lookup';

/**
 * Subscribes `onNotice` to a database's notices; resolves once they are listened to. Rejects
 * when they cannot be: the lookup then keeps nothing.
 */
export type SubscribeToNotices = (onNotice: () => void) => Promise<unknown>;

/**
 * A lookup whose answers are kept until a notice says that something changed (migration 0021,
 * docs/performance.md "On the embedded database the versions are kept in memory"): a kept
 * answer costs no query. Only for a database that tells every change before the write that
 * made it returns (the embedded one): an answer read while a notice came, or before the
 * notices were listened to, is not kept, and a notice forgets everything kept. Keys without a
 * value are never kept.
 */
export function rememberUntilNotice<V>(
  lookup: BatchedLookup<V>,
  subscribe: SubscribeToNotices,
  maxEntries: number,
): BatchedLookup<V> {
  const kept = new Map<string, V>();
  let generation = 0;
  let listening = false;
  subscribe(() => {
    generation++;
    kept.clear();
  }).then(
    () => {
      listening = true;
    },
    () => {
      // Not listened to: every read asks the database, as without notices.
    },
  );
  return async (key) => {
    const hit = kept.get(key);
    if (hit !== undefined) return hit;
    const since = listening ? generation : null;
    const value = await lookup(key);
    if (value !== undefined && since !== null && since === generation)
      setBounded(kept, key, value, maxEntries);
    return value;
  };
}
