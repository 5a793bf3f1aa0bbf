import type { Kysely } from 'kysely';
import { assertMember, type AuthUser } from '../auth/guard';
import type { BatchedLookup } from '../db/batched-lookup';
import { createVersionLookup } from '../db/version-lookup';
import type { Database } from '../db/schema';
import { notFound } from '../errors';

/**
 * The department property lists as they go on the wire (docs/performance.md "The API under
 * load"). A big department's list is about 900 KB of JSON that took one large query, a
 * Danish-collation sort, serialization and compression per request; it changes far less
 * often than it is read. So each list is built and compressed once per version of the
 * department (department_list_versions, kept by triggers in the database, migration 0005) and
 * a request costs its share of one small query for the version: the requests of one turn of the
 * event loop are answered together by one query started after it (db/batched-lookup.ts), never
 * by one that started before they came. On the embedded database the versions are kept in
 * memory until it says they moved (db/noticed-lookup.ts).
 *
 * Kept per app (per database) in a createJsonListCache (http/versioned-body-cache.ts) keyed by
 * the department's list version as text, bounded by the bytes it holds; the least recently
 * read department goes first. Tags come from the content (precompress), never from the
 * version alone: a rebuilt database reuses numbers.
 */

/** Room for a few hundred average departments or all of the largest ones. */
export const DEPARTMENT_LIST_CACHE_BYTES = 64 * 1024 * 1024;

/** The table migration 0005 keeps (not in db/schema.ts: no writer of ours touches it). */
export type DepartmentListVersionsTable = {
  department_list_versions: { department_id: string; version: number };
};

/** A department's organization and the version of its list, read in batches per app. */
export type DepartmentListVersions = BatchedLookup<{ organizationId: string; version: number }>;

/** Departments whose versions the embedded database's process keeps at most. */
const KEPT_VERSIONS = 10_000;

/**
 * On a PostgreSQL server read in batches (db/batched-lookup.ts); on the embedded database kept
 * in memory until a notice says a version or an organization moved (db/noticed-lookup.ts).
 */
export function createDepartmentListVersions(db: Kysely<Database>): DepartmentListVersions {
  return createVersionLookup(
    db,
    async (ids) => {
      const rows = await db
        .withTables<DepartmentListVersionsTable>()
        .selectFrom('departments as d')
        .leftJoin('department_list_versions as v', 'v.department_id', 'd.id')
        .select(['d.id', 'd.organization_id', 'v.version'])
        .where('d.id', 'in', ids)
        .execute();
      return new Map(
        rows.map((row) => [
          row.id,
          { organizationId: row.organization_id, version: Number(row.version ?? 0) },
        ]),
      );
    },
    KEPT_VERSIONS,
  );
}

/**
 * The department (404 when unknown, 403 for another organization's) and the version of its
 * list. A department never changed since the versions began is version 0.
 */
export async function departmentListVersion(
  versions: DepartmentListVersions,
  user: AuthUser,
  departmentId: string,
): Promise<{ id: string; version: number }> {
  // uuids compare in lower case (the database answers them so).
  const id = departmentId.toLowerCase();
  const department = await versions(id);
  if (!department) throw notFound('Department not found');
  assertMember(user, department.organizationId);
  return { id, version: department.version };
}
