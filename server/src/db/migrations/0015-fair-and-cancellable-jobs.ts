import { sql, type Kysely } from 'kysely';

/**
 * Fair and cancellable jobs (docs/architecture.md 4 "Jobs"):
 * - `last_turn_at`: when a worker last took the job. The claim picks the organization whose
 *   jobs had their last turn longest ago, then the user of that organization likewise, so that
 *   one organization's 5,000-item copy does not hold up another's one-item approval. Two
 *   indexes answer "the last turn of this organization / user" from their newest entry.
 * - `cancelled`: a job its owner stopped (jobs.status), and its items that were never done
 *   (job_items.status).
 */
// Migrations take Kysely<any>: they describe the schema before the types know it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('last_turn_at', 'timestamptz').execute();
  await sql`create index jobs_organization_turn_idx on jobs (organization_id, last_turn_at)`.execute(db);
  await sql`create index jobs_user_turn_idx on jobs (organization_id, user_id, last_turn_at)`.execute(db);
  await sql`alter table jobs drop constraint jobs_status_check`.execute(db);
  await sql`alter table jobs add constraint jobs_status_check
    check (status in ('queued', 'running', 'succeeded', 'partlyFailed', 'failed', 'cancelled'))`.execute(db);
  await sql`alter table job_items drop constraint job_items_status_check`.execute(db);
  await sql`alter table job_items add constraint job_items_status_check
    check (status in ('pending', 'done', 'failed', 'skipped', 'cancelled'))`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`update job_items set status = 'failed' where status = 'cancelled'`.execute(db);
  await sql`update jobs set status = 'partlyFailed' where status = 'cancelled'`.execute(db);
  await sql`alter table job_items drop constraint job_items_status_check`.execute(db);
  await sql`alter table job_items add constraint job_items_status_check
    check (status in ('pending', 'done', 'failed', 'skipped'))`.execute(db);
  await sql`alter table jobs drop constraint jobs_status_check`.execute(db);
  await sql`alter table jobs add constraint jobs_status_check
    check (status in ('queued', 'running', 'succeeded', 'partlyFailed', 'failed'))`.execute(db);
  await sql`drop index jobs_user_turn_idx`.execute(db);
  await sql`drop index jobs_organization_turn_idx`.execute(db);
  await db.schema.alterTable('jobs').dropColumn('last_turn_at').execute();
}
