import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyDuplicateRule } from '../../shared/rules/duplicate-rule';
import { displayStatus } from '../../shared/rules/statuses';
import { departmentFigures, type DepartmentFigures } from '../../server/src/domain/overview-figures';
import { isoOrNoDate } from '../../server/src/domain/residences';
import { copenhagenDate } from '../../server/src/jobs/dates';
import { DATABASES, organizationsOf, startTestApp, type TestApp } from './helpers';

/**
 * The overview counts in SQL (server/src/domain/overview-figures.ts) what the department list
 * shows by the rules of shared/rules: the duplicate rule's winner per residence and its status
 * shown. Random assessments on a few residences (ties of creation time included, cancelled ones,
 * approvals from earlier and later dates) must give the counts the rules give the same rows.
 */

const NOW = new Date('2026-11-28T12:00:00Z');
const HOUR = 3_600_000;
const CREATED = [0, 0, 1, 2].map((d) => new Date(NOW.getTime() - (d + 1) * 24 * HOUR));
const FUTURE = [
  null,
  new Date(NOW.getTime() - HOUR),
  new Date(NOW.getTime() + HOUR),
  new Date(NOW.getTime() + 50 * HOUR),
];

const assessment = fc.record({
  status: fc.constantFrom('draft', 'ready', 'approved', 'rejected', 'cancelled'),
  isCalculated: fc.boolean(),
  created: fc.constantFrom(...CREATED),
  future: fc.constantFrom(...FUTURE),
});

class Rollback extends Error {}

describe.each(DATABASES)('the overview counted in SQL on $name', ({ admin }) => {
  let t: TestApp;
  let organizationId: string;
  let departmentId: string;
  let residenceIds: string[];

  beforeAll(async () => {
    t = await startTestApp(admin);
    organizationId = (await organizationsOf(t.app.db, 'skriver'))[0]!;
    // The organization's smallest department: every residence of it is counted each run.
    const smallest = await t.app.db
      .selectFrom('residences')
      .select(['department_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('organization_id', '=', organizationId)
      .groupBy('department_id')
      .orderBy('n')
      .executeTakeFirstOrThrow();
    departmentId = smallest.department_id;
    residenceIds = (
      await t.app.db
        .selectFrom('residences')
        .select('id')
        .where('department_id', '=', departmentId)
        .orderBy('id')
        .limit(4)
        .execute()
    ).map((r) => r.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives each status, later day and approval in effect the count the rules give', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(assessment, { maxLength: 3 }), { minLength: 4, maxLength: 4 }),
        async (perResidence) => {
          await t.app.db
            .transaction()
            .execute(async (trx) => {
              const template = await trx
                .selectFrom('assessments')
                .selectAll()
                .where('organization_id', '=', organizationId)
                .limit(1)
                .executeTakeFirstOrThrow();
              // The residences start with no assessments of their own, then get the drawn ones.
              await sql`delete from assessment_events where assessment_id in (select id from assessments where residence_id in (${sql.join(residenceIds)}))`.execute(
                trx,
              );
              await sql`delete from answers where assessment_id in (select id from assessments where residence_id in (${sql.join(residenceIds)}))`.execute(
                trx,
              );
              await sql`delete from assessment_levels where assessment_id in (select id from assessments where residence_id in (${sql.join(residenceIds)}))`.execute(
                trx,
              );
              await sql`update assessments set source_assessment_id = null where source_assessment_id in (select id from assessments where residence_id in (${sql.join(residenceIds)}))`.execute(
                trx,
              );
              await trx.deleteFrom('assessments').where('residence_id', 'in', residenceIds).execute();
              const drawn = perResidence.flatMap((list, i) =>
                list.map((a) => ({
                  ...template,
                  id: randomUUID(),
                  residence_id: residenceIds[i]!,
                  status: a.status,
                  is_calculated: a.isCalculated,
                  created_at: a.created,
                  future_approved_date: a.future,
                  source_assessment_id: null,
                })),
              );
              if (drawn.length > 0) await trx.insertInto('assessments').values(drawn).execute();

              const figures = (await departmentFigures(trx, organizationId, [departmentId], NOW)).get(
                departmentId,
              )!;

              // The rules, on the rows in the order the department list reads them.
              const rows = await trx
                .selectFrom('residences as r')
                .leftJoin('assessments as a', (join) =>
                  join.onRef('a.residence_id', '=', 'r.id').on('a.status', '!=', 'cancelled'),
                )
                .select([
                  'r.id as residenceId',
                  'a.id as assessmentId',
                  'a.status',
                  'a.is_calculated',
                  'a.future_approved_date',
                ])
                .where('r.department_id', '=', departmentId)
                .orderBy('r.id')
                .orderBy(sql`a.created_at desc nulls last`)
                .orderBy('a.id', 'desc')
                .execute();
              const shown = applyDuplicateRule(
                rows.map((row) => ({
                  residenceId: row.residenceId,
                  assessmentId: row.assessmentId,
                  assessmentStatus: row.status,
                  isCalculated: row.is_calculated ?? false,
                  futureApprovedDate: isoOrNoDate(row.future_approved_date),
                })),
                undefined,
                NOW,
              );
              const statuses = new Map<string, number>();
              const later = new Map<string, number>();
              const inEffect = new Set<string>();
              for (const row of shown) {
                const status = displayStatus(
                  row.assessmentStatus,
                  row.isCalculated,
                  row.futureApprovedDate,
                  NOW,
                );
                statuses.set(status, (statuses.get(status) ?? 0) + 1);
                if (status === 'approvedFuture') {
                  const day = copenhagenDate(new Date(row.futureApprovedDate!));
                  later.set(day, (later.get(day) ?? 0) + 1);
                }
                if (status === 'approved') inEffect.add(row.assessmentId!);
              }
              expect(figures.statuses).toEqual(statuses);
              expect(figures.later).toEqual(later);
              // Each approval in effect is counted by its kept levels or listed to be scored.
              for (const levels of figures.levels) {
                const kept = [...levels.values()].reduce((sum, n) => sum + n, 0);
                expect(kept + figures.unscored.length).toBe(inEffect.size);
              }
              for (const id of figures.unscored) expect(inEffect.has(id)).toBe(true);
              // Counted for the whole organization, the department's figures are the same.
              const whole = await departmentFigures(trx, organizationId, 'all', NOW);
              const sorted = (f: DepartmentFigures) => ({ ...f, unscored: [...f.unscored].sort() });
              expect(sorted(whole.get(departmentId)!)).toEqual(sorted(figures));
              throw new Rollback();
            })
            .catch((error: unknown) => {
              if (!(error instanceof Rollback)) throw error;
            });
        },
      ),
      { numRuns: 40 },
    );
  });
});
