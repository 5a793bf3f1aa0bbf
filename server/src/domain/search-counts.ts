import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { setBounded } from '../bounded-map';
import { countHits } from './residence-search';

/**
 * How many residences a search finds (`X-Total-Count`, docs/api.md), remembered per
 * organization, search key and version of the organization's search keys
 * (`search_key_versions`, migration 0020, which the page's statement reads along). Counting a
 * word found in thousands of addresses cost 3 to 5 ms of the database per request at national
 * scale, ten times the page beside it, and a search was the slowest answer under load
 * (docs/performance.md "National scale"); addresses change rarely, searches for the same
 * words are frequent.
 *
 * The count is its own statement after the page's: a write between the two may store the
 * new count under the old version. It is shown only to requests that read the old version,
 * that is, at the moment of the write, and forgotten as the version moves on.
 */

/** Remembered counts per database: small numbers, a few hundred thousand bytes at most. */
const MAX_COUNTS = 10_000;
const counts = new WeakMap<Kysely<Database>, Map<string, number>>();

export async function rememberedCount(
  db: Kysely<Database>,
  organizationId: string,
  key: string,
  limit: number,
  keysVersion: string | null,
): Promise<number> {
  let memo = counts.get(db);
  if (!memo) counts.set(db, (memo = new Map()));
  const memoKey = `${organizationId} ${keysVersion ?? '-'} ${limit} ${key}`;
  const known = memo.get(memoKey);
  if (known !== undefined) return known;
  const counted = await countHits(db, organizationId, key, limit);
  setBounded(memo, memoKey, counted, MAX_COUNTS);
  return counted;
}
