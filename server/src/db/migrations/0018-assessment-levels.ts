import { sql, type Kysely } from 'kysely';

/**
 * `assessment_levels`: how each scored assessment fares per handicap group, kept per version of
 * its row (the overview's suitability, server/src/domain/overview.ts). Scoring the approved
 * assessments was most of building a cold organization's overview (2.7 of 3.5 s for the largest
 * national one); kept here, a new process reads them instead of scoring every approval again.
 * A row whose version no longer matches the assessment's is scored again and replaced.
 * `levels` holds one word per handicap type in the catalogue's order (suitable, partly,
 * unsuitable, notAssessed).
 */
// Migrations take Kysely<any>: they describe the schema before the types know it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table assessment_levels (
      assessment_id uuid primary key references assessments(id),
      version text not null,
      levels text[] not null
    )`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table assessment_levels`.execute(db);
}
