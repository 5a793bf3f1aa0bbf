import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Removes the jobs that finished more than `retentionDays` ago, with their items
 * (docs/architecture.md 4 "Jobs", "Pruning"): a result page reads a job for days at most, and a
 * department's copy leaves thousands of item rows. Unfinished jobs are never touched. Returns how
 * many jobs.
 */
export async function pruneFinishedJobs(db: Kysely<Database>, retentionDays: number): Promise<number> {
  const result = await db
    .deleteFrom('jobs')
    .where('finished_at', 'is not', null)
    .where('finished_at', '<', sql<Date>`now() - make_interval(days => ${retentionDays})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
