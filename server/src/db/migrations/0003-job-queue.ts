import { sql, type Kysely } from 'kysely';

/**
 * The job queue (docs/architecture.md 4 "Jobs"): replaces the unused `jobs` table of 0001 with
 * a job row that carries its lease and counters, and one `job_items` row per target. Workers
 * claim a job with FOR UPDATE SKIP LOCKED and hold it by `locked_until`; each item is one
 * transaction (the domain write, the item row and the job's counters).
 */
// Migrations take Kysely<any>: they describe the schema before the types know it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('jobs').execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('copy', 'finish')`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id'))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('queued', 'running', 'succeeded', 'partlyFailed', 'failed')`),
    )
    .addColumn('is_fake', 'boolean', (c) => c.notNull().defaultTo(false))
    // Copy jobs: the assessment whose answers are copied.
    .addColumn('source_assessment_id', 'uuid', (c) => c.references('assessments.id'))
    .addColumn('idempotency_key', 'text')
    .addColumn('request_hash', 'text')
    .addColumn('run_after', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_owner', 'text')
    .addColumn('locked_until', 'timestamptz')
    .addColumn('current_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_count', 'integer', (c) => c.notNull())
    .addColumn('error_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .addUniqueConstraint('jobs_user_idempotency_key_uq', ['user_id', 'idempotency_key'])
    .execute();
  // What a worker claims: unfinished jobs in order of age.
  await sql`create index jobs_claimable_idx on jobs (run_after, created_at) where status in ('queued', 'running')`.execute(
    db,
  );

  await db.schema
    .createTable('job_items')
    .addColumn('job_id', 'uuid', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('property_id', 'uuid', (c) => c.notNull())
    // Finish jobs: the assessment to approve.
    .addColumn('assessment_id', 'uuid')
    // Finish jobs: the calendar date (Copenhagen) the approval is valid from, YYYY-MM-DD.
    .addColumn('valid_from', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'done', 'failed', 'skipped')`),
    )
    // Copy jobs: the new assessment.
    .addColumn('result_id', 'uuid')
    .addColumn('error_code', 'text')
    // In Danish, shown to the user.
    .addColumn('error_message', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('job_items_pk', ['job_id', 'position'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_items').execute();
  await db.schema.dropTable('jobs').execute();
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('copy', 'finish')`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id'))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('queued', 'running', 'done', 'failed')`),
    )
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('current_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_count', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('jobs_status_idx').on('jobs').columns(['status', 'created_at']).execute();
}
