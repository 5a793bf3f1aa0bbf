import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionDef } from '../../shared/rules/catalogue';
import { isAnswered, isCalculated, type AnswerValue } from '../../shared/rules/screening';
import { createDatabase } from '../../server/src/db/client';
import { migrateToLatest } from '../../server/src/db/migrate';
import { seedDemoData } from '../../server/src/db/seed';
import { generateDemoResidences } from '../../server/src/db/seed/demo-residences';
import { DEMO_SEED } from '../../server/src/db/seed';
import { seedFingerprint } from './helpers';

const NOW = new Date('2026-11-22T10:00:00Z');

async function seededDatabase() {
  const db = createDatabase('memory://');
  await migrateToLatest(db);
  await seedDemoData(db, NOW);
  return db;
}

type Db = Awaited<ReturnType<typeof seededDatabase>>;

describe('the demo seed', () => {
  let db: Db;
  beforeAll(async () => {
    db = await seededDatabase();
  });
  afterAll(async () => {
    await db?.destroy();
  });

  // A whole second seed: past the default 30 s on a busy two-core machine.
  it('is deterministic: two seeds of the same day give the same rows', async () => {
    const other = await seededDatabase();
    try {
      expect(await seedFingerprint(other)).toBe(await seedFingerprint(db));
    } finally {
      await other.destroy();
    }
  }, 120_000);

  it('does nothing when the database is already seeded', async () => {
    const before = await seedFingerprint(db);
    expect(await seedDemoData(db, NOW)).toBe(false);
    expect(await seedFingerprint(db)).toBe(before);
  });

  it('has three organizations, at least 12 departments and 3,000 residences, one department over 2,000', async () => {
    const organizations = await db.selectFrom('organizations').selectAll().execute();
    expect(organizations).toHaveLength(3);
    const counts = await db
      .selectFrom('departments')
      .leftJoin('residences', 'residences.department_id', 'departments.id')
      .select(['departments.id', (eb) => eb.fn.count<number>('residences.id').as('count')])
      .groupBy('departments.id')
      .execute();
    expect(counts.length).toBeGreaterThanOrEqual(12);
    expect(counts.reduce((sum, c) => sum + Number(c.count), 0)).toBeGreaterThanOrEqual(3000);
    expect(counts.filter((c) => Number(c.count) >= 2000)).toHaveLength(1);
  });

  it('stores every department with exactly the residences the generator made for it', async () => {
    const generated = generateDemoResidences(DEMO_SEED);
    const expected = new Map<string, number>();
    for (const r of generated.residences)
      expected.set(r.departmentId, (expected.get(r.departmentId) ?? 0) + 1);
    const stored = await db
      .selectFrom('residences')
      .select(['department_id', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy('department_id')
      .execute();
    expect(new Map(stored.map((s) => [s.department_id, Number(s.count)]))).toEqual(expected);
    // A residence's organization is its department's.
    const mismatched = await db
      .selectFrom('residences')
      .innerJoin('departments', 'departments.id', 'residences.department_id')
      .select('residences.id')
      .whereRef('residences.organization_id', '!=', 'departments.organization_id')
      .execute();
    expect(mismatched).toEqual([]);
  });

  it('has assessments in every status', async () => {
    const rows = await db
      .selectFrom('assessments')
      .select(['status', 'is_calculated', 'converted', 'future_approved_date'])
      .execute();
    const has = (predicate: (r: (typeof rows)[number]) => boolean) => rows.some(predicate);
    expect(
      has((r) => r.status === 'draft' && !r.is_calculated),
      'draft',
    ).toBe(true);
    expect(
      has((r) => r.status === 'draft' && r.is_calculated),
      'calculated',
    ).toBe(true);
    expect(
      has((r) => r.status === 'ready'),
      'ready',
    ).toBe(true);
    expect(
      has((r) => r.status === 'approved' && r.future_approved_date === null),
      'approved',
    ).toBe(true);
    expect(
      has((r) => r.status === 'approved' && r.future_approved_date !== null && r.future_approved_date > NOW),
      'approved with a future date',
    ).toBe(true);
    expect(
      has((r) => r.status === 'rejected'),
      'rejected',
    ).toBe(true);
    expect(
      has((r) => r.status === 'cancelled'),
      'cancelled',
    ).toBe(true);
    expect(
      has((r) => r.converted),
      'converted',
    ).toBe(true);
  });

  it('gives converted assessments only to converted residences', async () => {
    const wrong = await db
      .selectFrom('assessments')
      .innerJoin('residences', 'residences.id', 'assessments.residence_id')
      .select('assessments.id')
      .whereRef('assessments.converted', '!=', 'residences.is_converted')
      .execute();
    expect(wrong).toEqual([]);
  });

  it('numbers the questions 001, 002, ... within screening and within evaluation', async () => {
    const questions = await db
      .selectFrom('questions')
      .select(['kind', 'number', 'position'])
      .orderBy('position')
      .execute();
    for (const kind of ['screening', 'evaluation'] as const) {
      const numbers = questions.filter((q) => q.kind === kind).map((q) => q.number);
      expect(numbers).toEqual(numbers.map((_, i) => String(i + 1).padStart(3, '0')));
    }
    expect(questions.filter((q) => q.kind === 'screening')[0]?.number).toBe('001');
  });

  it('stores only answers the catalogue allows, and calculated flags that follow from them', async () => {
    const questions = new Map(
      (await db.selectFrom('questions').select(['unique_id', 'definition']).execute()).map((q) => [
        q.unique_id,
        q.definition as QuestionDef,
      ]),
    );
    const answers = await db.selectFrom('answers').selectAll().execute();
    expect(answers.length).toBeGreaterThan(1000);
    const byAssessment = new Map<string, Map<string, AnswerValue>>();
    for (const answer of answers) {
      const question = questions.get(answer.question_unique_id)!;
      expect(
        isAnswered(question, { values: answer.values, numericValue: answer.numeric_value }),
        answer.question_unique_id,
      ).toBe(true);
      if (question.type === 'numeric') {
        expect(answer.values).toEqual([]);
        if (!question.isDecimal) expect(Number.isInteger(answer.numeric_value)).toBe(true);
      } else {
        const ids = new Set(question.options!.map((o) => o.answerId));
        for (const value of answer.values)
          expect(ids.has(value), `${value} in ${question.uniqueId}`).toBe(true);
        if (question.type === 'single') expect(answer.values).toHaveLength(1);
      }
      const map = byAssessment.get(answer.assessment_id) ?? new Map();
      map.set(answer.question_unique_id, { values: answer.values, numericValue: answer.numeric_value });
      byAssessment.set(answer.assessment_id, map);
    }
    const catalogue = [...questions.values()];
    const assessments = await db
      .selectFrom('assessments')
      .select(['id', 'is_calculated', 'converted'])
      .execute();
    for (const a of assessments) {
      const map = byAssessment.get(a.id) ?? new Map();
      expect(isCalculated(catalogue, map, { skipScreening: a.converted }), a.id).toBe(a.is_calculated);
    }
  });

  it('answers no evaluation question of an assessment whose screening is not complete (screening first)', async () => {
    const rows = await db
      .selectFrom('answers')
      .innerJoin('assessments', 'assessments.id', 'answers.assessment_id')
      .innerJoin('questions', 'questions.unique_id', 'answers.question_unique_id')
      .select(['assessments.id', 'assessments.status'])
      .where('assessments.screening_completed', '=', false)
      .where('questions.kind', '=', 'evaluation')
      .execute();
    expect(rows).toEqual([]);
  });
});
