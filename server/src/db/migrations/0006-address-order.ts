import { sql, type Kysely } from 'kysely';
import { refreshAddressOrder } from '../../domain/residence-search';

/**
 * The search at national scale (docs/architecture.md, "National scale").
 *
 * 1. `residences.address_order`: each residence's position in its organization's address
 * order (compareResidences of server/src/domain/residences.ts), so that the database can give
 * a page of search hits in that order from the index on (organization_id, address_order) and
 * stop after it, instead of the server reading and sorting every hit of a common word. The
 * order is the Danish collation of JavaScript's Intl (ICU), which the database cannot be
 * trusted to share, so the numbers are computed in JavaScript (refreshAddressOrder).
 *
 * 2. `address_order_stale`: organizations whose numbers may be out of date. A trigger marks
 * an organization whenever a residence is added to it or an address changes, so that no
 * writer can forget it; the search numbers a marked organization before it answers, and the
 * seeds number what they load. A removed residence leaves a gap, which keeps the order, so
 * deletes mark nothing. Changing only `address_order` marks nothing either.
 *
 * The existing residences are numbered here (every organization marked, then numbered), and
 * the index is built after that, which is faster than keeping it up to date row by row. The
 * numbering rewrites every row: on a big database, `VACUUM ANALYZE residences` afterwards
 * lets the search use the index alone at once (autovacuum gets there later by itself).
 */
// Migrations take Kysely<any>: they describe the schema before the types know it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table residences add column address_order integer`.execute(db);
  await db.schema
    .createTable('address_order_stale')
    .addColumn('organization_id', 'uuid', (c) =>
      c.primaryKey().references('organizations.id').onDelete('cascade'),
    )
    .execute();

  await sql`
    create function address_order_after_residences() returns trigger
    language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into address_order_stale (organization_id)
        select distinct organization_id from new_rows
        on conflict do nothing;
      else
        insert into address_order_stale (organization_id)
        select distinct n.organization_id from new_rows n where not exists (
          select 1 from old_rows o where o.id = n.id
            and (n.organization_id, n.street_name, n.street_number, n.floor_number, n.door_code)
                is not distinct from
                (o.organization_id, o.street_name, o.street_number, o.floor_number, o.door_code))
        on conflict do nothing;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger residences_address_order_insert after insert on residences
    referencing new table as new_rows for each statement
    execute function address_order_after_residences()`.execute(db);
  await sql`create trigger residences_address_order_update after update on residences
    referencing old table as old_rows new table as new_rows for each statement
    execute function address_order_after_residences()`.execute(db);

  // Numbering writes a new version of every row. The trigram index of 0004 is built again
  // afterwards rather than kept up to date through that: kept, it came out twice its size
  // and five times slower to search at national scale (63 MB against 29 MB; a rare word
  // 45-60 ms against 9-15 ms).
  await sql`drop index residences_search_key_trgm_idx`.execute(db);
  await sql`insert into address_order_stale (organization_id)
    select distinct organization_id from residences`.execute(db);
  await refreshAddressOrder(db);
  await sql`create index residences_search_key_trgm_idx on residences using gin (search_key gin_trgm_ops)`.execute(
    db,
  );
  // The index carries the search key and the id, so that a page of a common word's hits is
  // found in it alone (an index-only scan) rather than by visiting the table for every
  // residence it passes (server/src/domain/residence-search.ts, searchPage).
  await sql`create index residences_organization_address_order_idx
    on residences (organization_id, address_order) include (search_key, id)`.execute(db);
  await sql`analyze residences`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index residences_organization_address_order_idx`.execute(db);
  await sql`drop trigger residences_address_order_update on residences`.execute(db);
  await sql`drop trigger residences_address_order_insert on residences`.execute(db);
  await sql`drop function address_order_after_residences()`.execute(db);
  await db.schema.dropTable('address_order_stale').execute();
  await sql`alter table residences drop column address_order`.execute(db);
}
