import { sql, type Kysely } from 'kysely';

/**
 * `sync_requests` grows by one row per answer and was never emptied. Keys older than the
 * retention are now pruned (server/src/jobs/prune-idempotency-keys.ts). A BRIN index on
 * `created_at` finds them without a scan of the table: rows arrive in time order, so the index
 * is a few pages and costs next to nothing per answer written (the B-tree that 0009 dropped
 * cost a write per answer).
 */
// Migrations take Kysely<any>: they describe the schema before the types know it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index sync_requests_created_brin on sync_requests using brin (created_at)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index sync_requests_created_brin`.execute(db);
}
