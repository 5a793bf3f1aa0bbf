import { sql, type Kysely } from 'kysely';

/**
 * Two changes that take work out of the busiest requests (docs/performance.md "The API under
 * load").
 *
 * 1. department_list_versions: a number per department that changes whenever its property
 * list (docs/api.md "propertiesbydepartment") may change, so that the server can keep the
 * built list and ask the database only for this number.
 *
 * Triggers keep it, so no writer can forget it, in every process and in the same transaction
 * as the write: a reader that sees the write sees the new number. They fire once per
 * statement (a bulk insert bumps each department once) and take the numbers from one
 * sequence, so a number is never used twice. A department without a row has not changed
 * since this migration: version 0.
 *
 * What the list shows: of a residence its address fields, department and conversion (any
 * change bumps, residences change rarely); of an assessment its residence, status,
 * isCalculated, future approval date and creation time. An update that changes none of these
 * (most answers only move updated_at) bumps nothing and takes no lock.
 *
 * 2. sync_requests.response becomes text: the syncanswer response is stored as the exact text
 * that was sent and only ever sent again as it is. As jsonb, every answer paid for parsing
 * and rebuilding some 50 KB of JSON in the database.
 */
// Migrations take Kysely<any>: they describe the schema before the types know it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create sequence department_list_version_seq`.execute(db);
  await db.schema
    .createTable('department_list_versions')
    .addColumn('department_id', 'uuid', (c) =>
      c.primaryKey().references('departments.id').onDelete('cascade'),
    )
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();

  // Departments in id order: two statements that bump the same departments lock them in the
  // same order and cannot deadlock on them.
  await sql`
    create function bump_department_list_versions(department_ids uuid[]) returns void
    language sql as $$
      insert into department_list_versions (department_id, version)
      select d.id, nextval('department_list_version_seq')
      from (select distinct id from unnest(department_ids) as ids(id) where id is not null) d
      order by d.id
      on conflict (department_id) do update set version = excluded.version
    $$`.execute(db);

  await sql`
    create function department_lists_after_assessments() returns trigger
    language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform bump_department_list_versions(array(
          select r.department_id from new_rows n join residences r on r.id = n.residence_id));
      elsif tg_op = 'DELETE' then
        perform bump_department_list_versions(array(
          select r.department_id from old_rows o join residences r on r.id = o.residence_id));
      else
        perform bump_department_list_versions(array(
          select r.department_id
          from (
            select o.residence_id from old_rows o where not exists (
              select 1 from new_rows n where n.id = o.id
                and (n.residence_id, n.status, n.is_calculated, n.future_approved_date, n.created_at)
                    is not distinct from
                    (o.residence_id, o.status, o.is_calculated, o.future_approved_date, o.created_at))
            union
            select n.residence_id from new_rows n where not exists (
              select 1 from old_rows o where o.id = n.id
                and (n.residence_id, n.status, n.is_calculated, n.future_approved_date, n.created_at)
                    is not distinct from
                    (o.residence_id, o.status, o.is_calculated, o.future_approved_date, o.created_at))
          ) changed
          join residences r on r.id = changed.residence_id));
      end if;
      return null;
    end $$`.execute(db);

  await sql`
    create function department_lists_after_residences() returns trigger
    language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform bump_department_list_versions(array(select department_id from new_rows));
      elsif tg_op = 'DELETE' then
        perform bump_department_list_versions(array(select department_id from old_rows));
      else
        perform bump_department_list_versions(array(
          select department_id from old_rows union select department_id from new_rows));
      end if;
      return null;
    end $$`.execute(db);

  // TRUNCATE has no rows to name: every department changes.
  await sql`
    create function department_lists_after_truncate() returns trigger
    language plpgsql as $$
    begin
      perform bump_department_list_versions(array(select id from departments));
      return null;
    end $$`.execute(db);

  await sql`alter table sync_requests alter column response type text using response::text`.execute(db);

  for (const table of ['assessments', 'residences'] as const) {
    const fn = sql.raw(`department_lists_after_${table}`);
    const t = sql.raw(table);
    await sql`create trigger ${sql.raw(`${table}_list_version_insert`)} after insert on ${t}
      referencing new table as new_rows for each statement execute function ${fn}()`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_list_version_update`)} after update on ${t}
      referencing old table as old_rows new table as new_rows
      for each statement execute function ${fn}()`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_list_version_delete`)} after delete on ${t}
      referencing old table as old_rows for each statement execute function ${fn}()`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_list_version_truncate`)} after truncate on ${t}
      for each statement execute function department_lists_after_truncate()`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table sync_requests alter column response type jsonb using response::jsonb`.execute(db);
  for (const table of ['assessments', 'residences']) {
    for (const event of ['insert', 'update', 'delete', 'truncate']) {
      await sql`drop trigger ${sql.raw(`${table}_list_version_${event}`)} on ${sql.raw(table)}`.execute(db);
    }
  }
  await sql`drop function department_lists_after_truncate()`.execute(db);
  await sql`drop function department_lists_after_residences()`.execute(db);
  await sql`drop function department_lists_after_assessments()`.execute(db);
  await sql`drop function bump_department_list_versions(uuid[])`.execute(db);
  await db.schema.dropTable('department_list_versions').execute();
  await sql`drop sequence department_list_version_seq`.execute(db);
}
