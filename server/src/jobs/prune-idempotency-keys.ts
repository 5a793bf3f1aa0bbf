import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** How often a process with the job worker prunes (and once at its start). */
export const PRUNE_EVERY_MS = 60 * 60_000;

/**
 * Forgets the idempotency keys of answers older than `retentionDays` (docs/architecture.md
 * "Outbox rules"): an outbox resends a key within minutes or, after days offline, within
 * days; a key kept longer protects nothing. Returns how many were removed.
 */
export async function pruneIdempotencyKeys(db: Kysely<Database>, retentionDays: number): Promise<number> {
  const result = await db
    .deleteFrom('sync_requests')
    .where('created_at', '<', sql<Date>`now() - make_interval(days => ${retentionDays})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Prunes now and every PRUNE_EVERY_MS until the returned stop is called. */
export function schedulePruning(
  db: Kysely<Database>,
  retentionDays: number,
  onError: (error: unknown) => void,
): () => void {
  const prune = () => void pruneIdempotencyKeys(db, retentionDays).catch(onError);
  prune();
  const timer = setInterval(prune, PRUNE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
