import type { Kysely } from 'kysely';
import { createBatchedLookup, type BatchedLookup } from './batched-lookup';
import { listVersionNoticesOf } from './client';
import { rememberUntilNotice } from './noticed-lookup';
import type { Database } from './schema';

/**
 * A lookup of versions that migrations 0005, 0020 and their triggers keep (a department's list,
 * an organization's search pages): on a PostgreSQL server read in batches (batched-lookup.ts), on
 * the embedded database kept in memory until a notice says one moved (noticed-lookup.ts,
 * migrations 0021 and 0022; docs/performance.md "On the embedded database the versions are kept
 * in memory").
 */
export function createVersionLookup<V>(
  db: Kysely<Database>,
  load: (keys: readonly string[]) => Promise<ReadonlyMap<string, V>>,
  maxKept: number,
): BatchedLookup<V> {
  const batched = createBatchedLookup(load);
  const notices = listVersionNoticesOf(db);
  return notices ? rememberUntilNotice(batched, notices, maxKept) : batched;
}
