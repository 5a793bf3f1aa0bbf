import { sql, type Kysely } from 'kysely';

/**
 * A notice on the embedded database when an organization's search keys move (migration 0020's
 * `search_key_versions`), as migration 0021 sends one when a list version moves: the search's
 * answers are kept per version of the organization's search keys and of its departments' lists
 * (server/src/domain/search-page-cache.ts), and the embedded database's process keeps those
 * versions in memory until a notice (docs/performance.md "A search page is kept per version").
 * A town's name is in a residence's search key but not in its department's list, so a change of
 * it alone moved no list version and sent no notice. The trigger calls 0021's function, which
 * sends the notice only in a session that asked for them.
 */
// Migrations take Kysely<any>: they describe the schema before the types know it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create trigger search_key_versions_notice after insert or update on search_key_versions
    for each statement execute function department_list_notice()`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger search_key_versions_notice on search_key_versions`.execute(db);
}
