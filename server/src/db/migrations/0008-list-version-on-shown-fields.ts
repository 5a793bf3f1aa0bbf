import { sql, type Kysely } from 'kysely';

/**
 * A department's list version (migration 0005) moves on an update of residences only when a
 * field the list shows changes, as it already did for assessments. Numbering an organization
 * in address order (migration 0006) rewrites `address_order` on every residence after a new
 * one; that moved the version of every department of the organization, and each cached list
 * was built again for nothing (docs/performance.md "The API under load").
 */
const SHOWN = [
  'department_id',
  'street_name',
  'street_number',
  'floor_number',
  'door_code',
  'zip_code',
  'is_converted',
];
const shown = (alias: string) => sql.raw(`(${SHOWN.map((c) => `${alias}.${c}`).join(', ')})`);

// Migrations take Kysely<any>: they describe the schema before the types know it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function department_lists_after_residences() returns trigger
    language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform bump_department_list_versions(array(select department_id from new_rows));
      elsif tg_op = 'DELETE' then
        perform bump_department_list_versions(array(select department_id from old_rows));
      else
        -- Both departments of a residence that moved; nothing for a change the list does not show.
        perform bump_department_list_versions(array(
          select d.department_id
          from old_rows o
          join new_rows n on n.id = o.id
          cross join lateral (values (o.department_id), (n.department_id)) as d(department_id)
          where ${shown('n')} is distinct from ${shown('o')}));
      end if;
      return null;
    end $$`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function department_lists_after_residences() returns trigger
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
}
