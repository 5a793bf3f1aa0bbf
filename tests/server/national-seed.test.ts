import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionDef } from '../../shared/rules/catalogue';
import { isAnswered, isCalculated, type AnswerValue } from '../../shared/rules/screening';
import { createDatabase } from '../../server/src/db/client';
import { migrateToLatest } from '../../server/src/db/migrate';
import { QUESTIONS } from '../../server/src/db/seed/catalogue';
import { createRng } from '../../server/src/db/seed/demo-residences';
import { DEMO_USERS } from '../../server/src/db/seed/demo-users';
import { seedNationalData } from '../../server/src/db/seed/national';
import {
  apportion,
  createAssessmentDealer,
  NATIONAL_SCALE,
  NATIONAL_SEED,
  nationalPlan,
  nationalResidences,
  type NationalScale,
} from '../../server/src/db/seed/national-data';
import { createTemplates } from '../../server/src/db/seed/national-templates';
import { compareResidences, RESIDENCE_COLUMNS } from '../../server/src/domain/residences';
import { seedFingerprint } from './helpers';

const NOW = new Date('2026-11-22T10:00:00Z');
/** The national seed's code paths at a size a unit test can load. */
const SMALL: NationalScale = { organizations: 5, departments: 20, residences: 2000, assessments: 500 };
/** Loading takes a few seconds a time on a busy machine. */
const LOAD_TIMEOUT_MS = 120_000;

async function seeded(seed = NATIONAL_SEED) {
  const db = createDatabase('memory://');
  await migrateToLatest(db);
  expect(await seedNationalData(db, { now: NOW, seed, scale: SMALL, templatesPerKind: 8 })).toBe(true);
  return db;
}
type Db = Awaited<ReturnType<typeof seeded>>;

describe('apportion', () => {
  it('splits a total exactly, in proportion, with a minimum each', () => {
    expect(apportion(10, [1, 1, 1], 0)).toEqual([4, 3, 3]);
    expect(apportion(100, [3, 1], 10)).toEqual([70, 30]);
    expect(apportion(7, [1, 100], 2)).toEqual([2, 5]);
    expect(() => apportion(3, [1, 1], 2)).toThrow();
  });
});

describe('the national plan at full size (no database)', () => {
  const plan = nationalPlan();

  it('has 500 organizations, 7,000 departments and 600,000 residences, largest organization first', () => {
    expect(plan.organizations).toHaveLength(500);
    expect(new Set(plan.organizations.map((o) => o.name)).size).toBe(500);
    expect(plan.departments).toHaveLength(7000);
    expect(plan.departments.reduce((sum, d) => sum + d.size, 0)).toBe(600_000);
    const perOrganization = new Map<string, number>();
    for (const d of plan.departments)
      perOrganization.set(d.organizationId, (perOrganization.get(d.organizationId) ?? 0) + d.size);
    const sizes = plan.organizations.map((o) => perOrganization.get(o.id)!);
    expect(Math.max(...sizes)).toBe(sizes[0]);
    expect(sizes[0]).toBeGreaterThan(25_000);
    expect(Math.min(...sizes)).toBeGreaterThan(0);
    expect(plan.departments.filter((d) => d.size >= 1000).length).toBeGreaterThan(5);
  });

  it('deals exactly 150,000 assessments over the residences, every residence inside Denmark', () => {
    const templates = createTemplates(QUESTIONS, createRng(1), 2);
    const deal = createAssessmentDealer(plan, templates, NOW);
    let residences = 0;
    let assessments = 0;
    const ids = new Set<string>();
    // Counted, not asserted per row: 1.2 million expect calls cost most of this test's time.
    const outside: string[] = [];
    for (const residence of nationalResidences(plan)) {
      residences++;
      ids.add(residence.id);
      assessments += deal(residence).length;
      const inside =
        residence.latitude > 54.5 &&
        residence.latitude < 57.8 &&
        residence.longitude > 8 &&
        residence.longitude < 15.2;
      if (!inside) outside.push(`${residence.id} ${residence.latitude},${residence.longitude}`);
    }
    expect(outside.slice(0, 5)).toEqual([]);
    expect(residences).toBe(NATIONAL_SCALE.residences);
    expect(ids.size).toBe(residences);
    expect(assessments).toBe(NATIONAL_SCALE.assessments);
  }, 120_000);
});

describe('the national seed, scaled down', () => {
  let db: Db;
  beforeAll(async () => {
    db = await seeded();
  }, LOAD_TIMEOUT_MS);
  afterAll(async () => {
    await db?.destroy();
  });

  it(
    'is deterministic: the same seed gives the same rows, another seed others',
    async () => {
      const expected = await seedFingerprint(db);
      for (const [seed, same] of [
        [NATIONAL_SEED, true],
        [NATIONAL_SEED + 1, false],
      ] as const) {
        const other = await seeded(seed);
        try {
          expect((await seedFingerprint(other)) === expected, `seed ${seed}`).toBe(same);
        } finally {
          await other.destroy();
        }
      }
    },
    2 * LOAD_TIMEOUT_MS,
  );

  it('stores exactly the rows of the scale', async () => {
    const count = async (table: 'organizations' | 'departments' | 'residences' | 'assessments') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('organizations')).toBe(SMALL.organizations);
    expect(await count('departments')).toBe(SMALL.departments);
    expect(await count('residences')).toBe(SMALL.residences);
    expect(await count('assessments')).toBe(SMALL.assessments);
  });

  it('numbers every organization in address order (compareResidences), with nothing left to number', async () => {
    const rows = await db
      .selectFrom('residences as r')
      .select([
        ...RESIDENCE_COLUMNS,
        'r.organization_id as organizationId',
        'r.address_order as addressOrder',
      ])
      .execute();
    const organizations = new Set(rows.map((r) => r.organizationId));
    expect(organizations.size).toBe(SMALL.organizations);
    for (const organizationId of organizations) {
      const own = rows.filter((r) => r.organizationId === organizationId).sort(compareResidences);
      expect(own.map((r) => r.addressOrder)).toEqual(own.map((_, i) => i));
    }
    expect(await db.selectFrom('address_order_stale').selectAll().execute()).toEqual([]);
  });

  it('does nothing when the database already holds data', async () => {
    const before = await seedFingerprint(db);
    expect(await seedNationalData(db, { now: NOW, scale: SMALL })).toBe(false);
    expect(await seedFingerprint(db)).toBe(before);
  });

  it('makes the demo users members of the largest organization', async () => {
    const largest = await db
      .selectFrom('residences')
      .select(['organization_id', (eb) => eb.fn.countAll().as('n')])
      .groupBy('organization_id')
      .orderBy('n', 'desc')
      .executeTakeFirstOrThrow();
    const members = await db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select('u.user_name')
      .where('m.organization_id', '=', largest.organization_id)
      .execute();
    expect(members.map((m) => m.user_name).sort()).toEqual(
      DEMO_USERS.filter((u) => u.organizations.includes(0))
        .map((u) => u.userName)
        .sort(),
    );
  });

  it('has assessments in every status, converted ones only on converted residences', async () => {
    const statuses = await db.selectFrom('assessments').select('status').distinct().execute();
    expect(statuses.map((s) => s.status).sort()).toEqual([
      'approved',
      'cancelled',
      'draft',
      'ready',
      'rejected',
    ]);
    const wrong = await db
      .selectFrom('assessments')
      .innerJoin('residences', 'residences.id', 'assessments.residence_id')
      .select('assessments.id')
      .where((eb) =>
        eb.or([
          eb('assessments.converted', '!=', eb.ref('residences.is_converted')),
          eb('assessments.organization_id', '!=', eb.ref('residences.organization_id')),
        ]),
      )
      .execute();
    expect(wrong).toEqual([]);
  });

  it('stores only answers the catalogue allows, and derived fields that follow from them', async () => {
    const questions = new Map(QUESTIONS.map((q) => [q.uniqueId, q as QuestionDef]));
    const answers = await db.selectFrom('answers').selectAll().execute();
    expect(answers.length).toBeGreaterThan(SMALL.assessments * 10);
    const byAssessment = new Map<string, Map<string, AnswerValue>>();
    for (const answer of answers) {
      const question = questions.get(answer.question_unique_id)!;
      expect(isAnswered(question, { values: answer.values, numericValue: answer.numeric_value })).toBe(true);
      if (question.type !== 'numeric') {
        const ids = new Set(question.options!.map((o) => o.answerId));
        for (const value of answer.values) expect(ids.has(value), value).toBe(true);
      }
      const map = byAssessment.get(answer.assessment_id) ?? new Map();
      map.set(answer.question_unique_id, { values: answer.values, numericValue: answer.numeric_value });
      byAssessment.set(answer.assessment_id, map);
    }
    const assessments = await db
      .selectFrom('assessments')
      .select(['id', 'is_calculated', 'converted'])
      .execute();
    for (const a of assessments) {
      const map = byAssessment.get(a.id) ?? new Map();
      expect(isCalculated(QUESTIONS, map, { skipScreening: a.converted }), a.id).toBe(a.is_calculated);
    }
  });
});
