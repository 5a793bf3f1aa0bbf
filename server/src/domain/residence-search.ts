import { CompiledQuery, sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import { EARTH_RADIUS_M } from './geo';
import {
  ASSESSMENTS_OF_RESIDENCE_SQL,
  assessmentsOfResidence,
  assessmentSummaries,
  compareResidences,
  RESIDENCE_COLUMNS,
  type AssessmentSummary,
  type AssessmentTuple,
  type ResidenceFields,
} from './residences';

/**
 * `searchKey(locationText({ ...residence, town }))` of shared/rules/location.ts over
 * `residences as r`: the stored generated column of migration 0004 (lower case, full stops
 * and commas as spaces, single spaces), which the trigram index covers. A test checks it
 * against the JavaScript rule for every demo residence.
 */
export const residenceSearchKeySql = sql<string>`r.search_key`;

/** `LIKE` pattern for "the key anywhere in the text", with LIKE's own characters escaped. */
export function containsPattern(key: string): string {
  return `%${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The longest word of a search key, or the key when no word has the three characters a
 * trigram needs. searchPage gives the trigram index only this word: the trigrams of numbers,
 * floors and doors (" 1a", "j 1", "st ") are in a great many addresses, and intersecting
 * their long lists in the index cost five times more than reading the word's few hits and
 * checking the whole key on each ("sønderhøj 1a" at national scale: 10-12 ms against 2 ms).
 */
export function longestWord(key: string): string {
  const word = key.split(' ').reduce((a, b) => (b.length > a.length ? b : a), '');
  return word.length >= 3 ? word : key;
}

/** RESIDENCE_COLUMNS as SQL text: `r.id as "residenceId"`, … */
const RESIDENCE_COLUMNS_SQL = RESIDENCE_COLUMNS.map((column) => {
  const [expression, alias] = column.split(' as ');
  return `${expression} as "${alias}"`;
}).join(', ');

/**
 * The statement of searchPage. $1 the organization, $2 the LIKE pattern of the key's longest
 * word, $3 the whole key, $4 the page size, $5 the offset.
 *
 * It is text, made once, because on PGlite the statement is most of a search's cost and every
 * part of it counts (docs/performance.md "The API under load"): building and compiling it
 * with the query builder on every request cost a tenth of a millisecond. Each hit's
 * assessments come as the nearby search has them (ASSESSMENTS_OF_RESIDENCE_SQL of
 * residences.ts). The page of hits (`hit`) is the query the national bench measured; it is
 * unchanged.
 */
const SEARCH_PAGE_SQL = `select ${RESIDENCE_COLUMNS_SQL},
    ${ASSESSMENTS_OF_RESIDENCE_SQL} as assessments,
    exists (select 1 from address_order_stale s where s.organization_id = $1) as stale,
    (select v.version::text from search_key_versions v where v.organization_id = $1) as "keysVersion"
  from (select hit.id, hit.address_order from residences hit
      where hit.organization_id = $1 and hit.search_key like $2 and strpos(hit.search_key, $3) > 0
      order by hit.address_order limit $4 offset $5) hit
    join residences r on r.id = hit.id
  order by hit.address_order`;

/**
 * The residences of page `page` (of `size`) of the search hits of `key` in the organization,
 * in address order (compareResidences), each with its non-cancelled assessments, newest
 * first (for winnerOf). The page is found in the database by address_order (migration 0006)
 * and only its rows are read: for a common word the planner walks the index on
 * (organization_id, address_order), which carries the search key and the id, and stops after
 * the page, without reading the table; for a rare word it takes the hits of its longest word
 * from the trigram index, keeps those holding the whole key (strpos, which the index cannot
 * serve, so that the index is given the word alone) and sorts them (docs/performance.md,
 * "National scale"). `stale` says whether the organization waits to be numbered
 * (refreshAddressOrder), asked in the same statement; without hits the page is empty in any
 * order.
 */
export async function searchPage(
  db: Kysely<Database>,
  organizationId: string,
  key: string,
  page: number,
  size: number,
): Promise<{
  hits: (ResidenceFields & { assessments: AssessmentSummary[] })[];
  stale: boolean;
  /** The organization's search_key_versions (migration 0020); null before its first change. */
  keysVersion: string | null;
}> {
  const { rows } = await db.executeQuery<
    ResidenceFields & { assessments: AssessmentTuple[] | null; stale: boolean; keysVersion: string | null }
  >(
    CompiledQuery.raw(SEARCH_PAGE_SQL, [
      organizationId,
      containsPattern(longestWord(key)),
      key,
      size,
      page * size,
    ]),
  );
  const hits = rows.map(({ assessments, stale: _, keysVersion: __, ...residence }) => ({
    ...residence,
    assessments: assessmentSummaries(residence.residenceId, assessments),
  }));
  return { hits, stale: rows[0]?.stale ?? false, keysVersion: rows[0]?.keysVersion ?? null };
}

/**
 * The statement of countHits: the hits of searchPage, counted, but no more than $4 of them.
 * $1 to $3 as there. The hits are found as searchPage finds them (the trigram index for a rare
 * word, the index on (organization_id, address_order), which carries the key, for a common
 * one) and the limit stops the count there, so a word in every address of the largest
 * organization costs no more than the limit (docs/performance.md, "National scale").
 */
const SEARCH_COUNT_SQL = `select count(*)::integer as n from (select 1 from residences hit
    where hit.organization_id = $1 and hit.search_key like $2 and strpos(hit.search_key, $3) > 0
    limit $4) hit`;

/** How many residences of the organization searchPage finds for `key`, counting at most `limit`. */
export async function countHits(
  db: Kysely<Database>,
  organizationId: string,
  key: string,
  limit: number,
): Promise<number> {
  const { rows } = await db.executeQuery<{ n: number }>(
    CompiledQuery.raw(SEARCH_COUNT_SQL, [organizationId, containsPattern(longestWord(key)), key, limit]),
  );
  return rows[0]?.n ?? 0;
}

/**
 * 0, 1, 2… for residences of one organization in address order (compareResidences, ties by
 * id): their `address_order` (migration 0006). The search asks the database for a page in
 * this order, so it must be exactly the order of compareResidences; it is computed here, with
 * the same comparison, rather than imitated in SQL (the Danish collation of
 * shared/rules/location.ts is ICU's in JavaScript, which PostgreSQL and PGlite need not share).
 */
export function addressOrderOf(residences: readonly ResidenceFields[]): Map<string, number> {
  const sorted = [...residences].sort(compareResidences);
  return new Map(sorted.map((r, i) => [r.residenceId, i]));
}

/** Rows per update statement when numbering: each column goes as one array parameter. */
const NUMBERING_BATCH = 20_000;

/**
 * Numbers the residences of the organizations marked in `address_order_stale` (migration
 * 0006: a trigger marks an organization whenever a residence is added to it or an address
 * changes) in address order, and clears the marks. Only the organizations given, when given.
 * Each organization in a transaction of its own that first takes its mark: of two requests
 * that find the same mark, one numbers and the other waits for it and then finds nothing to
 * do. Only the rows whose number changes are written.
 */
export async function refreshAddressOrder(
  db: Kysely<Database>,
  organizationIds?: readonly string[],
): Promise<void> {
  const marked =
    organizationIds ??
    (await db.selectFrom('address_order_stale').select('organization_id').execute()).map(
      (row) => row.organization_id,
    );
  for (const organizationId of marked) {
    const number = async (trx: Kysely<Database>) => {
      const claimed = await trx
        .deleteFrom('address_order_stale')
        .where('organization_id', '=', organizationId)
        .returning('organization_id')
        .executeTakeFirst();
      if (!claimed) return;
      const rows = await trx
        .selectFrom('residences as r')
        .select([...RESIDENCE_COLUMNS, 'r.address_order as addressOrder'])
        .where('r.organization_id', '=', organizationId)
        .execute();
      const order = addressOrderOf(rows);
      const changed = rows.filter((r) => r.addressOrder !== order.get(r.residenceId));
      for (let i = 0; i < changed.length; i += NUMBERING_BATCH) {
        const batch = changed.slice(i, i + NUMBERING_BATCH);
        await sql`update residences as r set address_order = u.n
          from unnest(${batch.map((b) => b.residenceId)}::uuid[],
            ${batch.map((b) => order.get(b.residenceId)!)}::integer[]) as u(id, n)
          where r.id = u.id`.execute(trx);
      }
    };
    // Inside a caller's transaction (a seed, a migration) the numbering joins it.
    if (db.isTransaction) await number(db);
    else await db.transaction().execute(number);
  }
}

/** Haversine distance in metres from a point to `residences as r` (geo.ts, in SQL for ORDER BY). */
export const distanceSql = (latitude: number, longitude: number) =>
  sql<number>`2 * ${sql.lit(EARTH_RADIUS_M)} * asin(least(1, sqrt(power(sin(radians(r.latitude - ${latitude}::double precision) / 2), 2) + cos(radians(${latitude}::double precision)) * cos(radians(r.latitude)) * power(sin(radians(r.longitude - ${longitude}::double precision) / 2), 2))))`;

export interface BoundingBox {
  minLatitude: number;
  maxLatitude: number;
  /** Null when the circle reaches a pole or the date line: every longitude. */
  longitude: { min: number; max: number } | null;
}

const degrees = (radians: number) => (radians * 180) / Math.PI;

/**
 * The latitude/longitude box holding every point within `radiusM` metres of a point on the
 * sphere of geo.ts: latitude ± r/R, longitude ± asin(sin(r/R) / cos(latitude)) (the widest a
 * circle gets on a sphere), a little wider against rounding.
 */
export function boundingBox(latitude: number, longitude: number, radiusM: number): BoundingBox {
  const angle = radiusM / EARTH_RADIUS_M;
  const margin = (value: number) => value * 1.001 + 1e-9;
  const dLat = margin(degrees(angle));
  const latRad = (latitude * Math.PI) / 180;
  const reachesPole = angle >= Math.PI / 2 - Math.abs(latRad);
  const dLon = reachesPole
    ? Infinity
    : margin(degrees(Math.asin(Math.min(1, Math.sin(angle) / Math.cos(latRad)))));
  const crossesDateLine = longitude - dLon < -180 || longitude + dLon > 180;
  return {
    minLatitude: latitude - dLat,
    maxLatitude: latitude + dLat,
    longitude: reachesPole || crossesDateLine ? null : { min: longitude - dLon, max: longitude + dLon },
  };
}

/** Radii tried in turn by nearestResidences, in metres: a stairwell, a block, a town, a region. */
const NEARBY_RADII_M = [250, 1_000, 4_000, 16_000, 64_000, 256_000, 1_024_000];

/**
 * The `limit` residences of the organization nearest a point, nearest first (ties by id), as
 * ordering the whole organization by distance would give them, but reading only a box around
 * the point from the (organization, latitude, longitude) index: the box of radius r is
 * enough once it holds `limit` residences of which the farthest is within r, since every
 * residence outside is farther than r. Otherwise the radius grows, and past the last the
 * whole organization is ordered.
 *
 * One statement: the radii are walked inside the database (a recursive query that stops at
 * the first box that is enough; step 0 is none), then that box is read. At national scale a
 * box is read in well under a millisecond (docs/performance.md, "National scale"); walking
 * them one round trip at a time cost more than reading them, on a busy server most of all.
 */
export async function nearestResidences(
  db: Kysely<Database>,
  organizationId: string,
  latitude: number,
  longitude: number,
  limit: number,
) {
  const boxes = NEARBY_RADII_M.map((radius) => ({ radius, ...boundingBox(latitude, longitude, radius) }));
  // Past the last radius: every residence, so that its test never matters.
  boxes.push({ radius: 4 * EARTH_RADIUS_M, minLatitude: -90, maxLatitude: 90, longitude: null });
  const column = (value: (box: (typeof boxes)[number]) => number) =>
    sql`${boxes.map(value)}::double precision[]`;
  const [minLat, maxLat, minLon, maxLon, radii] = [
    column((b) => b.minLatitude),
    column((b) => b.maxLatitude),
    column((b) => b.longitude?.min ?? -180),
    column((b) => b.longitude?.max ?? 180),
    column((b) => b.radius),
  ];
  const inBox = (step: RawBuilder<number>) => sql<boolean>`r.organization_id = ${organizationId}
    and r.latitude >= (${minLat})[${step}] and r.latitude <= (${maxLat})[${step}]
    and r.longitude >= (${minLon})[${step}] and r.longitude <= (${maxLon})[${step}]`;
  const distance = distanceSql(latitude, longitude);
  const rows = await db
    .withRecursive('walk(step, enough)', (qb) =>
      qb.selectNoFrom([sql<number>`0`.as('step'), sql<boolean>`false`.as('enough')]).unionAll(
        qb
          .selectFrom('walk as w')
          .select([
            sql<number>`w.step + 1`.as('step'),
            sql<boolean>`(select count(*) = ${limit} and max(c.metres) <= (${radii})[w.step + 1]
                from (select ${distance} as metres from residences r
                  where ${inBox(sql`w.step + 1`)} order by metres limit ${limit}) c)`.as('enough'),
          ])
          .where(sql<boolean>`not w.enough and w.step < ${boxes.length}`),
      ),
    )
    .selectFrom('residences as r')
    .select([...RESIDENCE_COLUMNS, assessmentsOfResidence.as('assessments'), distance.as('metres')])
    .where(inBox(sql`(select max(step) from walk)`))
    .orderBy(distance)
    .orderBy('r.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, assessments: assessmentSummaries(r.residenceId, r.assessments) }));
}
