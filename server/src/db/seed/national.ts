import { sql, type Kysely, type Transaction } from 'kysely';
import { addressOrderOf } from '../../domain/residence-search';
import { seedHistory } from './history-rows';
import type { Database } from '../schema';
import { QUESTIONS } from './catalogue';
import { seedCatalogue } from './catalogue-rows';
import { createRng, mixSeed } from './demo-residences';
import { DEMO_USERS } from './demo-users';
import {
  createAssessmentDealer,
  NATIONAL_SCALE,
  NATIONAL_SEED,
  nationalPlan,
  nationalResidences,
  type NationalAssessment,
  type NationalResidence,
  type NationalScale,
} from './national-data';
import { createTemplates, type TemplatePool } from './national-templates';
import { hasOrganizations, seedOrganizations } from './organization-rows';
import { keepMissingLevels } from '../../domain/overview-levels';

export interface NationalSeedOptions {
  now?: Date;
  seed?: number;
  scale?: NationalScale;
  /** Answer sets per kind (national-templates.ts). */
  templatesPerKind?: number;
  /** Progress lines for a long load (the bench prints them). */
  onProgress?: (message: string) => void;
}

/** Rows per statement: each column goes as one array parameter (unnest), so this is not bound by PostgreSQL's 65,535 parameters. */
const RESIDENCE_BATCH = 10_000;
const ASSESSMENT_BATCH = 5_000;

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/** The answer sets as two temporary tables that the assessment batches join. */
async function loadTemplates(trx: Transaction<Database>, templates: TemplatePool): Promise<void> {
  await sql`create temporary table seed_templates (
      template integer primary key, converted boolean not null, is_calculated boolean not null,
      screening_completed boolean not null, excluded_handicaps text[] not null,
      handicaps_for_evaluation text[] not null, last_answered text
    ) on commit drop`.execute(trx);
  await sql`create temporary table seed_template_answers (
      template integer not null, question_unique_id text not null, "values" text[] not null,
      numeric_value double precision, comment text
    ) on commit drop`.execute(trx);
  const states = templates.all.map((t) => ({
    template: t.id,
    converted: t.converted,
    is_calculated: t.isCalculated,
    screening_completed: t.screeningCompleted,
    excluded_handicaps: t.excludedHandicaps,
    handicaps_for_evaluation: t.handicapsForEvaluation,
    last_answered: t.lastAnsweredQuestionUniqueId,
  }));
  await sql`insert into seed_templates
    select * from jsonb_to_recordset(${JSON.stringify(states)}::jsonb) as x(
      template integer, converted boolean, is_calculated boolean, screening_completed boolean,
      excluded_handicaps text[], handicaps_for_evaluation text[], last_answered text)`.execute(trx);
  const answers = templates.all.flatMap((t) =>
    t.answers.map((a) => ({
      template: t.id,
      question_unique_id: a.questionUniqueId,
      values: a.values,
      numeric_value: a.numericValue,
      comment: a.comment,
    })),
  );
  await sql`insert into seed_template_answers
    select * from jsonb_to_recordset(${JSON.stringify(answers)}::jsonb) as x(
      template integer, question_unique_id text, "values" text[], numeric_value double precision,
      comment text)`.execute(trx);
}

type NumberedResidence = NationalResidence & { addressOrder: number };

/**
 * The residences with their position in their organization's address order (migration 0006,
 * addressOrderOf), in the order given. nationalResidences gives an organization's residences
 * one after the other, so only one organization is held at a time.
 */
function* numberedByOrganization(residences: Iterable<NationalResidence>): Generator<NumberedResidence> {
  let group: NationalResidence[] = [];
  const done = new Set<string>();
  function* flush() {
    const organizationId = group[0]?.organizationId;
    if (organizationId === undefined) return;
    if (done.has(organizationId)) throw new Error(`${organizationId}: its residences are not together`);
    done.add(organizationId);
    const order = addressOrderOf(group.map((r) => ({ ...r, residenceId: r.id })));
    for (const r of group) yield { ...r, addressOrder: order.get(r.id)! };
    group = [];
  }
  for (const residence of residences) {
    if (group.length > 0 && group[0]!.organizationId !== residence.organizationId) yield* flush();
    group.push(residence);
  }
  yield* flush();
}

async function insertResidences(
  trx: Transaction<Database>,
  rows: readonly NumberedResidence[],
): Promise<void> {
  const column = <K extends keyof NumberedResidence>(key: K) => rows.map((r) => r[key]);
  await sql`insert into residences (id, organization_id, department_id, street_name, street_number,
      floor_number, door_code, zip_code, town, latitude, longitude, is_converted, address_order)
    select * from unnest(
      ${column('id')}::uuid[], ${column('organizationId')}::uuid[], ${column('departmentId')}::uuid[],
      ${column('streetName')}::text[], ${column('streetNumber')}::text[], ${column('floorNumber')}::text[],
      ${column('doorCode')}::text[], ${column('zipCode')}::text[], ${column('town')}::text[],
      ${column('latitude')}::double precision[], ${column('longitude')}::double precision[],
      ${column('isConverted')}::boolean[], ${column('addressOrder')}::integer[])`.execute(trx);
}

/** A batch of assessments with the derived fields and the answers of their answer sets. */
async function insertAssessments(
  trx: Transaction<Database>,
  rows: readonly NationalAssessment[],
  authorId: string,
): Promise<void> {
  const ids = rows.map((a) => a.id);
  const templates = rows.map((a) => a.template);
  const created = rows.map((a) => a.createdAt.toISOString());
  await sql`insert into assessments (id, organization_id, residence_id, status, is_calculated, converted,
      screening_completed, excluded_handicaps, handicaps_for_evaluation, valid_from, future_approved_date,
      source_assessment_id, last_answered_question_unique_id, created_by, created_at, updated_at)
    select u.id, u.organization_id, u.residence_id, u.status, t.is_calculated, t.converted,
      t.screening_completed, t.excluded_handicaps, t.handicaps_for_evaluation, u.valid_from,
      u.future_approved_date, u.source_id, t.last_answered, ${authorId}::uuid, u.created_at, u.created_at
    from unnest(
      ${ids}::uuid[], ${rows.map((a) => a.organizationId)}::uuid[], ${rows.map((a) => a.residenceId)}::uuid[],
      ${rows.map((a) => a.status)}::text[], ${templates}::integer[],
      ${rows.map((a) => iso(a.validFrom))}::timestamptz[], ${rows.map((a) => iso(a.futureApprovedDate))}::timestamptz[],
      ${rows.map((a) => a.sourceAssessmentId)}::uuid[], ${created}::timestamptz[]
    ) as u(id, organization_id, residence_id, status, template, valid_from, future_approved_date, source_id, created_at)
    join seed_templates t on t.template = u.template`.execute(trx);
  await sql`insert into answers (assessment_id, question_unique_id, "values", numeric_value, comment,
      answered_by, answered_at)
    select u.id, t.question_unique_id, t."values", t.numeric_value, t.comment, ${authorId}::uuid, u.created_at
    from unnest(${ids}::uuid[], ${templates}::integer[], ${created}::timestamptz[]) as u(id, template, created_at)
    join seed_template_answers t on t.template = u.template`.execute(trx);
}

/**
 * Seeds the national data set (national-data.ts) into an empty database, in one transaction:
 * residences and assessments stream through in batches, each column sent as one array
 * (`insert ... select from unnest(...)`), and the answers are copied inside the database from
 * the answer sets. The demo users are members of the largest organization (and `flere` of
 * the three largest), so the app can be used with it. Does nothing when the database
 * already holds organizations.
 */
export async function seedNationalData(
  db: Kysely<Database>,
  options: NationalSeedOptions = {},
): Promise<boolean> {
  if (await hasOrganizations(db)) return false;
  const seed = options.seed ?? NATIONAL_SEED;
  const progress = options.onProgress ?? (() => {});
  const plan = nationalPlan(seed, options.scale ?? NATIONAL_SCALE);
  const templates = createTemplates(
    QUESTIONS,
    createRng(mixSeed(seed, 0x7e3a)),
    options.templatesPerKind ?? 40,
  );
  const deal = createAssessmentDealer(plan, templates, options.now ?? new Date());
  const authorId = DEMO_USERS[0]!.id;

  await db.transaction().execute(async (trx) => {
    await seedOrganizations(trx, plan.organizations, plan.departments);
    await seedCatalogue(trx);
    await loadTemplates(trx, templates);

    let residences: NumberedResidence[] = [];
    let assessments: NationalAssessment[] = [];
    let residenceCount = 0;
    let assessmentCount = 0;
    const flushAssessments = async () => {
      if (assessments.length === 0) return;
      await insertAssessments(trx, assessments, authorId);
      assessmentCount += assessments.length;
      assessments = [];
    };
    const flushResidences = async () => {
      if (residences.length === 0) return;
      await insertResidences(trx, residences);
      residenceCount += residences.length;
      residences = [];
      // Assessments refer to residences: only those already stored.
      await flushAssessments();
      progress(`${residenceCount} residences, ${assessmentCount} assessments`);
    };
    for (const residence of numberedByOrganization(nationalResidences(plan))) {
      residences.push(residence);
      assessments.push(...deal(residence));
      if (residences.length >= RESIDENCE_BATCH || assessments.length >= ASSESSMENT_BATCH)
        await flushResidences();
    }
    await flushResidences();
    await seedHistory(trx);
    // Every organization was numbered exactly as refreshAddressOrder would: the marks the
    // inserts left (migration 0006) can go.
    await trx.deleteFrom('address_order_stale').execute();
  });
  // The overview's levels of the approvals, so that its first build scores none of them.
  await keepMissingLevels(db, () => false);
  // Planner statistics now rather than when autovacuum gets round to it; the residences
  // vacuumed as well, so that the search can answer from its index alone at once (the
  // visibility map, migration 0006).
  await sql`vacuum analyze residences`.execute(db);
  await sql`analyze organizations, departments, assessments, answers`.execute(db);
  return true;
}
