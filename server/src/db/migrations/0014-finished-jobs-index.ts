import { sql, type Kysely } from 'kysely';

/**
 * Finished jobs and their items are pruned after JOB_RETENTION_DAYS (docs/architecture.md 4
 * "Jobs", "Pruning"; server/src/jobs/prune-finished-jobs.ts). A partial index on `finished_at`
 * finds them: only finished jobs are in it, and a job enters it once, when it finishes. Their
 * items go with them (`job_items.job_id` cascades).
 */
// Migrations take Kysely<any>: they describe the schema before the types know it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index jobs_finished_at_idx on jobs (finished_at) where finished_at is not null`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index jobs_finished_at_idx`.execute(db);
}
