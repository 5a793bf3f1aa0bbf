import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { createVersionedBodyCache, type VersionedBodyCache } from '../http/versioned-body-cache';

/**
 * getactiveassessments as it goes on the wire, kept per organization (docs/architecture.md
 * "National scale"). The largest organization lists about a thousand active assessments:
 * some 400 KB of JSON whose building, serializing and compressing took 80 to 190 ms per
 * request, so sixteen offices opening it at once waited seconds. The list changes when one
 * of its assessments or residences is written, far less often than it is read.
 */

/** Statuses listed by getactiveassessments (docs/api.md). */
export const ACTIVE_STATUSES = ['draft', 'rejected', 'ready'] as const;

/** Room for the lists of many organizations; the largest takes about 0.5 MB in three codings. */
export const ACTIVE_LIST_CACHE_BYTES = 32 * 1024 * 1024;

/**
 * Built once per version and read many times, but an organization whose assessors are busy
 * answering changes its list often: the department lists' middle setting (brotli 6 takes tens
 * of milliseconds on 400 KB; 11 would take seconds).
 */
export function createActiveListCache(): VersionedBodyCache {
  return createVersionedBodyCache('application/json; charset=utf-8', ACTIVE_LIST_CACHE_BYTES, {
    brotliQuality: 6,
    gzipLevel: 6,
  });
}

/**
 * The version of an organization's active list: a hash of every listed assessment's row
 * version (`xmin` and `updated_at`, as domain/progress-cache.ts keys progress) and of its
 * residence's row version, in list order. It moves whenever an entry may change: every write
 * of answers also writes the assessment row (progress-cache.ts), a residence's address or
 * department changes its row, and an assessment that enters or leaves the active statuses
 * adds or removes a term. Computed from the same index scan as the list, in the database, so
 * a request reads 32 characters instead of a thousand rows; no trigger adds work to the
 * writes (every answer would move it).
 */
export async function activeListVersion(db: Kysely<Database>, organizationId: string): Promise<string> {
  const row = await db
    .selectFrom('assessments as a')
    .innerJoin('residences as r', 'r.id', 'a.residence_id')
    .select(
      sql<string>`md5(coalesce(string_agg(
        a.id::text || ':' || a.xmin::text || ':' || (extract(epoch from a.updated_at) * 1000000)::bigint::text
          || ':' || r.xmin::text,
        ',' order by a.created_at desc, a.id desc), ''))`.as('version'),
    )
    .where('a.organization_id', '=', organizationId)
    .where('a.status', 'in', ACTIVE_STATUSES)
    .executeTakeFirstOrThrow();
  return row.version;
}
