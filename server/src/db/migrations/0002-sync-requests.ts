import { sql, type Kysely } from 'kysely';

/**
 * sync_requests: the idempotency keys of POST /api/v2/sync/syncanswer (docs/architecture.md 2, the
 * outbox). Keys are per user; the response is kept so that a repeated request is answered
 * as the first was, without applying the answer again.
 */
// Migrations take Kysely<any>: they describe the schema before the types know it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sync_requests')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    // sha256 (hex) of the request body's answer fields.
    .addColumn('request_hash', 'text', (c) => c.notNull())
    // The response as first sent; null once it is older than the retention (the key stays).
    .addColumn('response', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('sync_requests_pk', ['user_id', 'idempotency_key'])
    .execute();
  await db.schema
    .createIndex('sync_requests_user_created_idx')
    .on('sync_requests')
    .columns(['user_id', 'created_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sync_requests').execute();
}
