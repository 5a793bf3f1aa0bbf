import { sql, type Kysely } from 'kysely';

/**
 * Server-side sessions (docs/architecture.md "Sessions and revocation"): each sign-in
 * is a row, its id travels in every token of the session (`sid`), and logout revokes it, so a
 * token copied before the logout stops working on every instance. One row per sign-in; rows
 * older than the session's limit can back no token and are pruned hourly through the BRIN index
 * on `created_at` (rows arrive in time order, as with `sync_requests`).
 */
// Migrations take Kysely<any>: they describe the schema before the types know it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await sql`create index sessions_created_brin on sessions using brin (created_at)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sessions').execute();
}
