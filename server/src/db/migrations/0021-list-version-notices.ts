import { sql, type Kysely } from 'kysely';

/**
 * Notices of moved list versions for the embedded database (docs/performance.md "On the
 * embedded database the versions are kept in memory"). On PGlite a query costs some 0.2–0.3 ms
 * of the one thread, whatever it asks, so the list's version read was most of a list request;
 * the process keeps the versions in memory instead and forgets them on a notice. Every write
 * passes through that process and its one connection, and PGlite hands a notification to its
 * listeners before the committing statement returns, so a read after a write never sees the
 * version before it.
 *
 * A session asks for the notices with `set bt.list_version_notices = on` (db/client.ts does for
 * PGlite). A server's pool does not: its instances read versions in batches, and NOTIFY would
 * serialize their commits for nothing. A notice says only that something moved: a department's
 * list version, or a department's organization (the membership the version read checks).
 */
export const LIST_VERSION_CHANNEL = 'bt_list_versions';

const notice = sql.raw(`if current_setting('bt.list_version_notices', true) = 'on' then
        perform pg_notify('${LIST_VERSION_CHANNEL}', '');
      end if;`);

// Migrations take Kysely<any>: they describe the schema before the types know it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function bump_department_list_versions(department_ids uuid[]) returns void
    language plpgsql as $$
    begin
      insert into department_list_versions (department_id, version)
      select d.id, nextval('department_list_version_seq')
      from (select distinct id from unnest(department_ids) as ids(id) where id is not null) d
      order by d.id
      on conflict (department_id) do update set version = excluded.version;
      if found then
        ${notice}
      end if;
    end $$`.execute(db);
  await sql`
    create function department_list_notice() returns trigger
    language plpgsql as $$
    begin
      ${notice}
      return null;
    end $$`.execute(db);
  await sql`create trigger departments_list_notice after update of organization_id or delete on departments
    for each statement execute function department_list_notice()`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger departments_list_notice on departments`.execute(db);
  await sql`drop function department_list_notice()`.execute(db);
  await sql`
    create or replace function bump_department_list_versions(department_ids uuid[]) returns void
    language sql as $$
      insert into department_list_versions (department_id, version)
      select d.id, nextval('department_list_version_seq')
      from (select distinct id from unnest(department_ids) as ids(id) where id is not null) d
      order by d.id
      on conflict (department_id) do update set version = excluded.version
    $$`.execute(db);
}
