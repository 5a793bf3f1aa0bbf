import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { assessmentRowVersion } from './progress-cache';

/**
 * getactiveassessments as it goes on the wire, kept per organization (docs/performance.md
 * "National scale"). The largest organization lists about a thousand active assessments:
 * some 400 KB of JSON whose building, serializing and compressing took 80 to 190 ms per
 * request, so sixteen offices opening it at once waited seconds. The list changes when one
 * of its assessments or residences is written, far less often than it is read.
 */

/** Statuses listed by getactiveassessments (docs/api.md). */
export const ACTIVE_STATUSES = ['draft', 'rejected', 'ready'] as const;

/** Whether `assessments as a` is on the organization's active list: the route's filter and the version's. */
export const isActiveIn = (organizationId: string) =>
  sql<boolean>`a.organization_id = ${organizationId} and a.status in (${sql.join([...ACTIVE_STATUSES])})`;

/**
 * Room for the lists of many organizations; the largest takes about 0.5 MB in three codings
 * (http/versioned-body-cache.ts, createJsonListCache).
 */
export const ACTIVE_LIST_CACHE_BYTES = 32 * 1024 * 1024;

/**
 * The version of an organization's active list: a hash of every listed assessment's row
 * version (`xmin` and `updated_at`, as domain/progress-cache.ts keys progress) and of its
 * residence's row version. It moves whenever an entry may change: every write
 * of answers also writes the assessment row (progress-cache.ts), a residence's address or
 * department changes its row, and an assessment that enters or leaves the active statuses
 * adds or removes a term. Computed from the same index scan as the list, in the database, so
 * a request reads 32 characters instead of a thousand rows; no trigger adds work to the
 * writes (every answer would move it).
 */
export async function activeListVersion(db: Kysely<Database>, organizationId: string): Promise<string> {
  // In id order: the list's own order (created_at, id) is part of each row, so any fixed order
  // of the terms will do, and the list's filter is the one the route uses (isActiveIn).
  const row = await db
    .selectFrom('assessments as a')
    .innerJoin('residences as r', 'r.id', 'a.residence_id')
    .select(
      sql<string>`md5(coalesce(string_agg(
        a.id::text || ':' || ${assessmentRowVersion} || ':' || r.xmin::text, ',' order by a.id), ''))`.as(
        'version',
      ),
    )
    .where(isActiveIn(organizationId))
    .executeTakeFirstOrThrow();
  return row.version;
}
