/**
 * Stores `key` as the newest entry of `map` and forgets the oldest ones past `max` entries:
 * a Map keeps insertion order, so re-inserting makes an entry the newest and the first one is
 * the oldest. The memos of the hot paths use it to stay bounded (docs/performance.md "The API
 * under load").
 */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > max) map.delete(map.keys().next().value as K);
}
