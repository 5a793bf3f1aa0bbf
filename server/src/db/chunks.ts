/**
 * Rows per multi-row INSERT, and ids per `in (…)` list: well under PostgreSQL's 65,535 parameters
 * of one statement for our widest table, and short enough that a list of thousands (a department's
 * residences in a bulk copy) is planned as quickly as a small one.
 */
export const CHUNK_SIZE = 1000;

/** `items` cut into consecutive pieces of at most `CHUNK_SIZE`, in order. */
export function chunks<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK_SIZE) result.push(items.slice(i, i + CHUNK_SIZE));
  return result;
}
