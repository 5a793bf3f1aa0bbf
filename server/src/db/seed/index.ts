import { sql, type Kysely, type Transaction } from 'kysely';
import { addressOrderOf } from '../../domain/residence-search';
import type { Database } from '../schema';
import { QUESTIONS } from './catalogue';
import { seedCatalogue } from './catalogue-rows';
import { insertChunked } from './chunked';
import { generateDemoAssessments, type DemoAssessment } from './demo-assessments';
import { seedHistory } from './history-rows';
import { createRng, generateDemoResidences } from './demo-residences';
import { DEMO_USERS } from './demo-users';
import { seedNationalData } from './national';
import { hasOrganizations, seedOrganizations } from './organization-rows';
import type { SeedKind } from '../../config';
import { keepMissingLevels } from '../../domain/overview-levels';

export { numberQuestions } from './catalogue-rows';

export const DEMO_SEED = 20261122;

async function seedAssessments(
  trx: Transaction<Database>,
  assessments: DemoAssessment[],
  organizationOf: Map<string, string>,
  authorId: string,
): Promise<void> {
  await insertChunked(assessments, (chunk) =>
    trx
      .insertInto('assessments')
      .values(
        chunk.map((a) => ({
          id: a.id,
          organization_id: organizationOf.get(a.residenceId)!,
          residence_id: a.residenceId,
          status: a.status,
          is_calculated: a.isCalculated,
          converted: a.converted,
          screening_completed: a.screeningCompleted,
          excluded_handicaps: a.excludedHandicaps,
          handicaps_for_evaluation: a.handicapsForEvaluation,
          valid_from: a.validFrom,
          future_approved_date: a.futureApprovedDate,
          source_assessment_id: a.sourceAssessmentId,
          last_answered_question_unique_id: a.lastAnsweredQuestionUniqueId,
          created_by: authorId,
          created_at: a.createdAt,
          updated_at: a.createdAt,
        })),
      )
      .execute(),
  );
  const answers = assessments.flatMap((a) =>
    a.answers.map((answer) => ({
      assessment_id: a.id,
      question_unique_id: answer.questionUniqueId,
      values: answer.values,
      numeric_value: answer.numericValue,
      comment: answer.comment,
      answered_by: authorId,
      answered_at: a.createdAt,
    })),
  );
  await insertChunked(answers, (chunk) => trx.insertInto('answers').values(chunk).execute());
}

/**
 * Seeds the deterministic Danish demo data into an empty database: the same rows on every
 * run of the same day (future approval dates count from the seed day). Does nothing when
 * the database already holds organizations.
 */
export async function seedDemoData(db: Kysely<Database>, now: Date = new Date()): Promise<boolean> {
  if (await hasOrganizations(db)) return false;

  const data = generateDemoResidences(DEMO_SEED);
  const rng = createRng(DEMO_SEED + 1);
  const assessments = generateDemoAssessments(data.residences, QUESTIONS, rng, now);
  const departmentOrg = new Map(data.departments.map((d) => [d.id, d.organizationId]));
  const organizationOf = new Map(data.residences.map((r) => [r.id, departmentOrg.get(r.departmentId)!]));

  // The search's address order (migration 0006), numbered per organization as it is loaded.
  const addressOrder = new Map<string, number>();
  for (const organization of data.organizations) {
    const own = data.residences.filter((r) => departmentOrg.get(r.departmentId) === organization.id);
    for (const [id, n] of addressOrderOf(own.map((r) => ({ ...r, residenceId: r.id }))))
      addressOrder.set(id, n);
  }

  await db.transaction().execute(async (trx) => {
    await seedOrganizations(trx, data.organizations, data.departments);
    await insertChunked(data.residences, (chunk) =>
      trx
        .insertInto('residences')
        .values(
          chunk.map((r) => ({
            id: r.id,
            organization_id: departmentOrg.get(r.departmentId)!,
            department_id: r.departmentId,
            street_name: r.streetName,
            street_number: r.streetNumber,
            floor_number: r.floorNumber,
            door_code: r.doorCode,
            zip_code: r.zipCode,
            town: r.town,
            latitude: r.latitude,
            longitude: r.longitude,
            is_converted: r.isConverted,
            address_order: addressOrder.get(r.id)!,
          })),
        )
        .execute(),
    );
    await seedCatalogue(trx);
    await seedAssessments(trx, assessments, organizationOf, DEMO_USERS[0]!.id);
    await seedHistory(trx);
    // Every organization was numbered exactly as refreshAddressOrder would: the marks the
    // inserts left (migration 0006) can go.
    await trx.deleteFrom('address_order_stale').execute();
  });
  // The overview's levels of the approvals, so that its first build scores none of them.
  await keepMissingLevels(db, () => false);
  // Planner statistics for the search's choice of index (migration 0006), and a vacuumed
  // table so that it can answer from the index alone: PGlite has no autovacuum to do either.
  await sql`vacuum analyze residences`.execute(db);
  return true;
}

/**
 * Seeds an empty database with the data set the configuration names (SEED): the demo data,
 * the national data set of national.ts (load tests at the size of Denmark), or nothing.
 */
export async function seedDatabase(db: Kysely<Database>, kind: SeedKind): Promise<boolean> {
  if (kind === 'demo') return seedDemoData(db);
  if (kind === 'national') return seedNationalData(db);
  return false;
}
