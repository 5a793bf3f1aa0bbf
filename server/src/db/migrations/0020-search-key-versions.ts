import { sql, type Kysely } from 'kysely';

/**
 * `search_key_versions`: a number per organization that moves whenever the search keys of its
 * residences may have changed (a residence added, deleted, moved to another organization, or
 * its address changed), kept by statement triggers in the same transaction as the write, so
 * that no writer can forget it. The search remembers how many residences a key finds per
 * organization and version (server/src/domain/search-counts.ts): counting a common word was
 * most of a search's cost at national scale (docs/performance.md "National scale").
 */
// Migrations take Kysely<any>: they describe the schema before the types know it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('search_key_versions')
    .addColumn('organization_id', 'uuid', (c) =>
      c.primaryKey().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  // One function for the three triggers; each branch names only the transition tables its
  // statement has (PL/pgSQL plans a statement when it first runs).
  await sql`
    create function search_key_versions_after_residences() returns trigger
    language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into search_key_versions (organization_id, version)
        select distinct organization_id, 1 from new_rows
        on conflict (organization_id) do update set version = search_key_versions.version + 1;
      elsif tg_op = 'DELETE' then
        insert into search_key_versions (organization_id, version)
        select distinct organization_id, 1 from old_rows
        on conflict (organization_id) do update set version = search_key_versions.version + 1;
      else
        insert into search_key_versions (organization_id, version)
        select organization_id, 1 from (
          select unnest(array[n.organization_id, o.organization_id]) as organization_id
          from new_rows n join old_rows o on o.id = n.id
          where (n.organization_id, n.search_key) is distinct from (o.organization_id, o.search_key)
        ) changed
        group by organization_id
        on conflict (organization_id) do update set version = search_key_versions.version + 1;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger residences_search_key_versions_insert after insert on residences
    referencing new table as new_rows for each statement
    execute function search_key_versions_after_residences()`.execute(db);
  await sql`create trigger residences_search_key_versions_delete after delete on residences
    referencing old table as old_rows for each statement
    execute function search_key_versions_after_residences()`.execute(db);
  await sql`create trigger residences_search_key_versions_update after update on residences
    referencing old table as old_rows new table as new_rows for each statement
    execute function search_key_versions_after_residences()`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger residences_search_key_versions_update on residences`.execute(db);
  await sql`drop trigger residences_search_key_versions_delete on residences`.execute(db);
  await sql`drop trigger residences_search_key_versions_insert on residences`.execute(db);
  await sql`drop function search_key_versions_after_residences()`.execute(db);
  await db.schema.dropTable('search_key_versions').execute();
}
