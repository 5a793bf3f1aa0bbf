import { sql, type Kysely } from 'kysely';

/** Organizations, users, residences, the question catalogue, assessments, answers, jobs. */
// Migrations take Kysely<any>: they describe the schema before the types know it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('organizations')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_name', 'text', (c) => c.notNull().unique())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('role', 'text')
    .addColumn('sso_uuid', 'uuid', (c) => c.notNull().unique())
    .addColumn('logout_url', 'text')
    .execute();

  await db.schema
    .createTable('memberships')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('organization_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('memberships_pk', ['user_id', 'organization_id'])
    .execute();

  await db.schema
    .createTable('departments')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('town', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('departments_organization_idx')
    .on('departments')
    .column('organization_id')
    .execute();

  await db.schema
    .createTable('residences')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id'))
    .addColumn('department_id', 'uuid', (c) => c.notNull().references('departments.id'))
    .addColumn('street_name', 'text', (c) => c.notNull())
    // Number with optional letters ("12", "12A"); floor "kl", "st" or a number; door "tv", "th", "mf", "3".
    .addColumn('street_number', 'text', (c) => c.notNull())
    .addColumn('floor_number', 'text')
    .addColumn('door_code', 'text')
    .addColumn('zip_code', 'text', (c) => c.notNull().check(sql`zip_code ~ '^[0-9]{4}$'`))
    .addColumn('town', 'text', (c) => c.notNull())
    .addColumn('latitude', 'double precision', (c) => c.notNull())
    .addColumn('longitude', 'double precision', (c) => c.notNull())
    .addColumn('is_converted', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.createIndex('residences_department_idx').on('residences').column('department_id').execute();
  await db.schema
    .createIndex('residences_organization_street_idx')
    .on('residences')
    .columns(['organization_id', 'street_name'])
    .execute();

  await db.schema
    .createTable('chapters')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('screening', 'evaluation')`))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('questions')
    .addColumn('unique_id', 'text', (c) => c.primaryKey())
    .addColumn('chapter_id', 'text', (c) => c.notNull().references('chapters.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('screening', 'evaluation')`))
    .addColumn('number', 'text', (c) => c.notNull().check(sql`number ~ '^[0-9]{3}$'`))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('numeric', 'single', 'multiple')`))
    .addColumn('is_optional', 'boolean', (c) => c.notNull())
    .addColumn('relevant_to', sql`text[]`, (c) => c.notNull())
    .addColumn('measurement_units', 'text')
    .addColumn('range_start', 'double precision')
    .addColumn('range_end', 'double precision')
    .addColumn('is_decimal', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('definition', 'jsonb', (c) => c.notNull())
    .addUniqueConstraint('questions_kind_number_uq', ['kind', 'number'])
    .execute();

  await db.schema
    .createTable('question_options')
    .addColumn('answer_id', 'text', (c) => c.primaryKey())
    .addColumn('question_unique_id', 'text', (c) => c.notNull().references('questions.unique_id'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('assessments')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id'))
    .addColumn('residence_id', 'uuid', (c) => c.notNull().references('residences.id'))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('draft', 'ready', 'approved', 'rejected', 'cancelled')`),
    )
    .addColumn('is_calculated', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('converted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('screening_completed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('excluded_handicaps', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('handicaps_for_evaluation', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('valid_from', 'timestamptz')
    .addColumn('future_approved_date', 'timestamptz')
    .addColumn('source_assessment_id', 'uuid', (c) => c.references('assessments.id'))
    .addColumn('last_answered_question_unique_id', 'text', (c) => c.references('questions.unique_id'))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('assessments_residence_idx').on('assessments').column('residence_id').execute();
  await db.schema
    .createIndex('assessments_organization_status_idx')
    .on('assessments')
    .columns(['organization_id', 'status'])
    .execute();

  await db.schema
    .createTable('answers')
    .addColumn('assessment_id', 'uuid', (c) => c.notNull().references('assessments.id').onDelete('cascade'))
    .addColumn('question_unique_id', 'text', (c) => c.notNull().references('questions.unique_id'))
    .addColumn('values', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('numeric_value', 'double precision')
    .addColumn('comment', 'text')
    .addColumn('preselected', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('answered_by', 'uuid', (c) => c.references('users.id'))
    .addColumn('answered_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('answers_pk', ['assessment_id', 'question_unique_id'])
    .execute();

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

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'jobs',
    'answers',
    'assessments',
    'question_options',
    'questions',
    'chapters',
    'residences',
    'departments',
    'memberships',
    'users',
    'organizations',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
