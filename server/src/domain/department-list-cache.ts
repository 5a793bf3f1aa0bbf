import type { Kysely } from 'kysely';
import { assertMember, type AuthUser } from '../auth/guard';
import type { Database } from '../db/schema';
import { notFound } from '../errors';
import { precompress, type PrecompressedBody } from '../http/precompressed-body';

/**
 * The department property lists as they go on the wire (docs/architecture.md "The API under
 * load"). A big department's list is about 900 KB of JSON that took one large query, a
 * Danish-collation sort, serialization and compression per request; it changes far less
 * often than it is read. So each list is built and compressed once per version of the
 * department (department_list_versions, kept by triggers in the database, migration 0005) and
 * a request costs one small query for the version.
 *
 * Kept per app (per database), bounded by the bytes it holds; the least recently read
 * department goes first.
 */

/** Room for a few hundred average departments or all of the largest ones. */
export const DEPARTMENT_LIST_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * Compressed once per version, read many times, so better than the per-request setting of
 * http/compression.ts, but not so slow that a busy department waits for it (brotli 11 takes
 * seconds on 900 KB, 6 some tens of milliseconds).
 */
const BROTLI_QUALITY = 6;
const GZIP_LEVEL = 6;

type Versions = {
  department_list_versions: { department_id: string; version: number };
};

/**
 * The department (404 when unknown, 403 for another organization's) and the version of its
 * list, in one query. A department never changed since the versions began is version 0.
 */
export async function departmentListVersion(
  db: Kysely<Database>,
  user: AuthUser,
  departmentId: string,
): Promise<{ id: string; version: number }> {
  const row = await db
    .withTables<Versions>()
    .selectFrom('departments as d')
    .leftJoin('department_list_versions as v', 'v.department_id', 'd.id')
    .select(['d.id', 'd.organization_id', 'v.version'])
    .where('d.id', '=', departmentId)
    .executeTakeFirst();
  if (!row) throw notFound('Department not found');
  assertMember(user, row.organization_id);
  return { id: row.id, version: Number(row.version ?? 0) };
}

// Tags come from the content (precompress), never from the version alone: a rebuilt database
// reuses numbers.
const compressOnce = (json: string): Promise<PrecompressedBody> =>
  precompress(json, 'application/json; charset=utf-8', {
    brotliQuality: BROTLI_QUALITY,
    gzipLevel: GZIP_LEVEL,
  });

const sizeOf = (body: PrecompressedBody) =>
  Object.values(body.representations).reduce((sum, r) => sum + r.bytes.length, 0);

export interface DepartmentListCache {
  /**
   * The list of the department at this version: the one built before, or `build()` (the JSON
   * text) compressed. Requests that miss at the same time share one build.
   */
  get(departmentId: string, version: number, build: () => Promise<string>): Promise<PrecompressedBody>;
  /** Bytes held now (for tests and the bench). */
  bytes(): number;
}

export function createDepartmentListCache(maxBytes = DEPARTMENT_LIST_CACHE_BYTES): DepartmentListCache {
  interface Entry {
    version: number;
    body: Promise<PrecompressedBody>;
    bytes: number;
  }
  // Map order is the recency order: a hit moves its entry to the end.
  const entries = new Map<string, Entry>();
  let total = 0;

  const drop = (departmentId: string) => {
    const entry = entries.get(departmentId);
    if (!entry) return;
    total -= entry.bytes;
    entries.delete(departmentId);
  };

  return {
    get(departmentId, version, build) {
      const hit = entries.get(departmentId);
      if (hit?.version === version) {
        entries.delete(departmentId);
        entries.set(departmentId, hit);
        return hit.body;
      }
      drop(departmentId);
      const entry: Entry = { version, body: build().then(compressOnce), bytes: 0 };
      entries.set(departmentId, entry);
      entry.body.then(
        (body) => {
          if (entries.get(departmentId) !== entry) return;
          entry.bytes = sizeOf(body);
          total += entry.bytes;
          for (const [oldest] of entries) {
            if (total <= maxBytes || oldest === departmentId) break;
            drop(oldest);
          }
        },
        // A failed build (the database away) is not kept: the next request tries again.
        () => {
          if (entries.get(departmentId) === entry) drop(departmentId);
        },
      );
      return entry.body;
    },
    bytes: () => total,
  };
}
