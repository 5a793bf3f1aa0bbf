import { sql } from 'kysely';

/**
 * SQL for `searchKey(locationText({ ...residence, town }))` of src/domain/location.ts over
 * `residences as r`: lower case, full stops and commas as spaces, single spaces. Punctuation
 * of the location text turns into spaces, so the plain parts joined by spaces give the same key
 * (a test checks this for every demo residence). ÆØÅ are lowered explicitly so that a database
 * created with the C locale agrees.
 */
export const residenceSearchKeySql = sql<string>`trim(regexp_replace(regexp_replace(lower(translate(concat_ws(' ', r.street_name, r.street_number, r.floor_number, r.door_code, r.zip_code, r.town), 'ÆØÅÄÖÜÉ', 'æøåäöüé')), '[.,]', ' ', 'g'), '\\s+', ' ', 'g'))`;

/** Haversine distance in metres from a point to `residences as r` (geo.ts, in SQL for ORDER BY). */
export const distanceSql = (latitude: number, longitude: number) =>
  sql<number>`2 * 6371008.8 * asin(least(1, sqrt(power(sin(radians(r.latitude - ${latitude}::double precision) / 2), 2) + cos(radians(${latitude}::double precision)) * cos(radians(r.latitude)) * power(sin(radians(r.longitude - ${longitude}::double precision) / 2), 2))))`;
