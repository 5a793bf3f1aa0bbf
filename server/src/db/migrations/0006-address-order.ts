import { sql, type Kysely } from 'kysely';

/**
 * The search at national scale (docs/performance.md, "National scale").
 *
 * 1. `residences.address_order`: each residence's position in its organization's address
 * order (compareResidences of server/src/domain/residences.ts), so that the database can give
 * a page of search hits in that order from the index on (organization_id, address_order) and
 * stop after it, instead of the server reading and sorting every hit of a common word. The
 * order is the Danish collation of JavaScript's Intl (ICU), which the database cannot be
 * trusted to share, so the numbers are computed in JavaScript (numberMarkedOrganizations,
 * a frozen copy of refreshAddressOrder: see the end of this file).
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
  await numberMarkedOrganizations(db);
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

// ---------------------------------------------------------------------------------------------
// A frozen copy, not an import: `refreshAddressOrder` of server/src/domain/residence-search.ts
// and the address order it numbers by (`compareResidences` of server/src/domain/residences.ts,
// `compareAddresses` of shared/rules/location.ts, `streetNumberValue` of
// shared/rules/number-range.ts), as they were when this migration was written. A migration is
// frozen code (docs/architecture.md 7): it runs on every new database for as long as the app
// lives, so calling today's functions would let a later change to them silently change what
// this migration does there. A new address order comes with a migration of its own that marks
// every organization in `address_order_stale`; the search then numbers them with the new one.
// ---------------------------------------------------------------------------------------------

interface NumberedResidence {
  residenceId: string;
  streetName: string;
  streetNumber: string;
  floorNumber: string | null;
  doorCode: string | null;
  addressOrder: number | null;
}

/** Danish alphabetical order (æ, ø, å last), numbers inside text in numeric order. */
const collator = new Intl.Collator('da', { numeric: true, sensitivity: 'base' });

const clean = (value: string | null | undefined): string => (value ?? '').trim();

/** "st" / "kl" / "2" without a trailing full stop; '' when missing. */
const bare = (value: string | null | undefined): string => clean(value).replace(/\.+$/, '').trim();

/** The leading number of a street number ("12A" → 12); Infinity (last) when it has none. */
function numberRank(streetNumber: string): number {
  const match = /^\s*(\d+)/.exec(streetNumber);
  return match ? Number(match[1]) : Number.POSITIVE_INFINITY;
}

/** Floor rank: kl = -1, st (and no floor) = 0, numbers as themselves, other text after all numbers. */
function floorRank(floor: string | null | undefined): number {
  const value = bare(floor).toLowerCase();
  if (value === '' || value === 'st') return 0;
  if (value === 'kl') return -1;
  if (/^-?\d+$/.test(value)) return Number(value);
  return Number.MAX_SAFE_INTEGER;
}

/** Door rank: none first, then tv, mf, th, then numbered doors in numeric order, then other text. */
function doorRank(door: string | null | undefined): [number, number] {
  const value = bare(door).toLowerCase();
  if (value === '') return [0, 0];
  const side = ['tv', 'mf', 'th'].indexOf(value);
  if (side >= 0) return [1, side];
  if (/^\d+$/.test(value)) return [2, Number(value)];
  return [3, 0];
}

/** The address order of docs/product.md 5, then the residence id so that the order is total. */
function compareResidences(a: NumberedResidence, b: NumberedResidence): number {
  const [doorA, doorB] = [doorRank(a.doorCode), doorRank(b.doorCode)];
  return (
    collator.compare(a.streetName, b.streetName) ||
    numberRank(a.streetNumber) - numberRank(b.streetNumber) ||
    collator.compare(a.streetNumber, b.streetNumber) ||
    floorRank(a.floorNumber) - floorRank(b.floorNumber) ||
    collator.compare(bare(a.floorNumber), bare(b.floorNumber)) ||
    doorA[0] - doorB[0] ||
    doorA[1] - doorB[1] ||
    collator.compare(bare(a.doorCode), bare(b.doorCode)) ||
    (a.residenceId < b.residenceId ? -1 : a.residenceId > b.residenceId ? 1 : 0)
  );
}

/** Rows per update statement when numbering: each column goes as one array parameter. */
const NUMBERING_BATCH = 20_000;

/**
 * Numbers the residences of every organization marked in `address_order_stale` in address
 * order and clears the marks; each organization in a transaction of its own that first takes
 * its mark, or inside the migration's transaction when it runs in one. Only the rows whose
 * number changes are written.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function numberMarkedOrganizations(db: Kysely<any>): Promise<void> {
  const marked = (await db.selectFrom('address_order_stale').select('organization_id').execute()).map(
    (row) => row.organization_id as string,
  );
  for (const organizationId of marked) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const number = async (trx: Kysely<any>) => {
      const claimed = await trx
        .deleteFrom('address_order_stale')
        .where('organization_id', '=', organizationId)
        .returning('organization_id')
        .executeTakeFirst();
      if (!claimed) return;
      const rows: NumberedResidence[] = await trx
        .selectFrom('residences as r')
        .select([
          'r.id as residenceId',
          'r.street_name as streetName',
          'r.street_number as streetNumber',
          'r.floor_number as floorNumber',
          'r.door_code as doorCode',
          'r.address_order as addressOrder',
        ])
        .where('r.organization_id', '=', organizationId)
        .execute();
      const sorted = [...rows].sort(compareResidences);
      const order = new Map(sorted.map((r, i) => [r.residenceId, i]));
      const changed = rows.filter((r) => r.addressOrder !== order.get(r.residenceId));
      for (let i = 0; i < changed.length; i += NUMBERING_BATCH) {
        const batch = changed.slice(i, i + NUMBERING_BATCH);
        await sql`update residences as r set address_order = u.n
          from unnest(${batch.map((b) => b.residenceId)}::uuid[],
            ${batch.map((b) => order.get(b.residenceId)!)}::integer[]) as u(id, n)
          where r.id = u.id`.execute(trx);
      }
    };
    if (db.isTransaction) await number(db);
    else await db.transaction().execute(number);
  }
}
