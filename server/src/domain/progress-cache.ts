import { sql, type Kysely } from 'kysely';
import { setBounded } from '../bounded-map';
import type { Database } from '../db/schema';

/** The version of `assessments as a` that the cache keys progress by (see below), in SQL. */
export const assessmentRowVersion = sql<string>`a.xmin::text || ':' || (extract(epoch from a.updated_at) * 1000000)::bigint::text`;

/**
 * The progress of assessments (docs/api.md, AssessmentListEntry.progress) remembered per
 * version of the assessment row, so that a list of a thousand active assessments does not
 * read and score 50,000 answers on every request.
 *
 * The version is the row's `xmin` (the transaction that last wrote it) with `updated_at`.
 * Every write of answers also writes the assessment row in the same transaction
 * (domain/answers.ts recomputes its derived fields, domain/create-assessment.ts inserts it with
 * its answers), so a new answer always gives the row a new version and the old progress is
 * never served. A change of the catalogue is not a concern: it is seeded once per database.
 */
export class ProgressCache {
  private readonly entries = new Map<string, { version: string; progress: number }>();

  constructor(private readonly maxEntries = 100_000) {}

  get(assessmentId: string, version: string): number | undefined {
    const entry = this.entries.get(assessmentId);
    return entry?.version === version ? entry.progress : undefined;
  }

  set(assessmentId: string, version: string, progress: number): void {
    setBounded(this.entries, assessmentId, { version, progress }, this.maxEntries);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** One cache per database: the same assessment id means another assessment in another database. */
const caches = new WeakMap<Kysely<Database>, ProgressCache>();

export function progressCacheOf(db: Kysely<Database>): ProgressCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new ProgressCache();
    caches.set(db, cache);
  }
  return cache;
}
