import { sql, type Kysely } from 'kysely';

/**
 * Indexes for the searches at national scale (docs/performance.md, "National scale").
 *
 * - `residences.search_key`: the search key of shared/rules/location.ts (`searchKey` of the
 *   location text with the town), kept by the database as a stored generated column so that
 *   it can never disagree with the address. A GIN index only serves an expression that is
 *   IMMUTABLE and written exactly as in the query; `concat_ws` is not immutable, so the parts
 *   are joined with `||` (a missing floor or door adds an extra space that the last step
 *   folds away, as `concat_ws` skipping it would). ÆØÅ are lowered explicitly so that a
 *   database created with the C locale agrees.
 * - A trigram index (pg_trgm) on it: "anywhere in the location text" is `LIKE '%key%'`.
 * - (organization_id, latitude, longitude) for the bounding box of searchbycoordinates.
 */
// Migrations take Kysely<any>: they describe the schema before the types know it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // pg_trgm is a trusted extension (PostgreSQL 13+): a database owner may create it.
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`alter table residences add column search_key text not null generated always as (
      btrim(regexp_replace(regexp_replace(lower(translate(
        street_name || ' ' || street_number || coalesce(' ' || floor_number, '')
          || coalesce(' ' || door_code, '') || ' ' || zip_code || ' ' || town,
        'ÆØÅÄÖÜÉ', 'æøåäöüé')), '[.,]', ' ', 'g'), '\\s+', ' ', 'g'))
    ) stored`.execute(db);
  await sql`create index residences_search_key_trgm_idx on residences using gin (search_key gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index residences_organization_position_idx on residences (organization_id, latitude, longitude)`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index residences_organization_position_idx`.execute(db);
  await sql`drop index residences_search_key_trgm_idx`.execute(db);
  await sql`alter table residences drop column search_key`.execute(db);
}
