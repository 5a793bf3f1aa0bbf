import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { EARTH_RADIUS_M } from './geo';
import { RESIDENCE_COLUMNS } from './residences';

/**
 * `searchKey(locationText({ ...residence, town }))` of src/domain/location.ts over
 * `residences as r`: the stored generated column of migration 0004 (lower case, full stops
 * and commas as spaces, single spaces), which the trigram index covers. A test checks it
 * against the JavaScript rule for every demo residence.
 */
export const residenceSearchKeySql = sql<string>`r.search_key`;

/** `LIKE` pattern for "the key anywhere in the text", with LIKE's own characters escaped. */
export function containsPattern(key: string): string {
  return `%${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The residences whose search key holds `key` anywhere (served by the trigram index). */
export const searchKeyContains = (key: string) => sql<boolean>`r.search_key like ${containsPattern(key)}`;

export interface StreetCount {
  streetName: string;
  count: number;
}

/**
 * Which streets hold rows `offset` to `offset + size` of the search hits in address order,
 * from the hits per street name. Address order compares street names first
 * (compareResidences), so a page lies within the streets it touches: only those are fetched
 * and sorted. Names the order counts as equal (`compareNames` gives 0, e.g. differing only in
 * case) interleave, so they are taken together. `skipped` is the number of hits before the
 * first street taken.
 */
export function streetsForPage(
  counts: readonly StreetCount[],
  offset: number,
  size: number,
  compareNames: (a: string, b: string) => number,
): { streetNames: string[]; skipped: number } {
  const sorted = [...counts].sort((a, b) => compareNames(a.streetName, b.streetName));
  const groups: { names: string[]; count: number }[] = [];
  for (const street of sorted) {
    const last = groups.at(-1);
    if (last && compareNames(last.names[0]!, street.streetName) === 0) {
      last.names.push(street.streetName);
      last.count += street.count;
    } else {
      groups.push({ names: [street.streetName], count: street.count });
    }
  }
  const streetNames: string[] = [];
  let skipped = 0;
  let start = 0;
  for (const group of groups) {
    const end = start + group.count;
    if (end <= offset) skipped = end;
    else if (start < offset + size) streetNames.push(...group.names);
    else break;
    start = end;
  }
  return { streetNames, skipped };
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
 */
export async function nearestResidences(
  db: Kysely<Database>,
  organizationId: string,
  latitude: number,
  longitude: number,
  limit: number,
) {
  const distance = distanceSql(latitude, longitude);
  const nearest = () =>
    db
      .selectFrom('residences as r')
      .select([...RESIDENCE_COLUMNS, 'r.latitude', 'r.longitude', distance.as('metres')])
      .where('r.organization_id', '=', organizationId)
      .orderBy(distance)
      .orderBy('r.id')
      .limit(limit);
  for (const radius of NEARBY_RADII_M) {
    const box = boundingBox(latitude, longitude, radius);
    let query = nearest()
      .where('r.latitude', '>=', box.minLatitude)
      .where('r.latitude', '<=', box.maxLatitude);
    if (box.longitude) {
      query = query
        .where('r.longitude', '>=', box.longitude.min)
        .where('r.longitude', '<=', box.longitude.max);
    }
    const rows = await query.execute();
    if (rows.length === limit && rows[limit - 1]!.metres <= radius) return rows;
  }
  return nearest().execute();
}
