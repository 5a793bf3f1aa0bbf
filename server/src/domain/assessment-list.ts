import type { Kysely } from 'kysely';
import type { AssessmentListEntry } from '../../../shared/contract/dto';
import { progress } from '../../../shared/rules/scoring';
import type { Database } from '../db/schema';
import { toListEntry, type AssessmentListRow } from './assessment-state';
import { loadAnswers, loadQuestions } from './catalogue';
import { assessmentRowVersion, progressCacheOf } from './progress-cache';

/**
 * Assessment list entries (docs/api.md: getactiveassessments, getlocatedassessments and a job's
 * items): the assessment with its residence's fields, and its progress.
 */

/** An assessment with the residence fields a list entry needs. */
export function assessmentListQuery(db: Kysely<Database>) {
  return db
    .selectFrom('assessments as a')
    .innerJoin('residences as r', 'r.id', 'a.residence_id')
    .select([
      'a.id',
      'a.status',
      'a.is_calculated as isCalculated',
      'a.converted',
      'a.valid_from as validFrom',
      'a.future_approved_date as futureApprovedDate',
      'a.created_at as createdAt',
      'a.organization_id as organizationId',
      'r.id as residenceId',
      'r.department_id as departmentId',
      'r.street_name as streetName',
      'r.street_number as streetNumber',
      'r.floor_number as floorNumber',
      'r.door_code as doorCode',
      'r.zip_code as zipCode',
      // The row's version for the progress cache.
      assessmentRowVersion.as('version'),
    ]);
}

export type VersionedRow = AssessmentListRow & { version: string };

/**
 * List entries; the answers are read and scored only for assessments whose progress is not
 * remembered for their current version (domain/progress-cache.ts).
 */
export async function toListEntries(
  db: Kysely<Database>,
  rows: VersionedRow[],
): Promise<AssessmentListEntry[]> {
  if (rows.length === 0) return [];
  const cache = progressCacheOf(db);
  const unknown = rows.filter((row) => cache.get(row.id, row.version) === undefined);
  // Kept here too: a list longer than the cache would push its own first entries out.
  const scored = new Map<string, number>();
  if (unknown.length > 0) {
    const [questions, answers] = await Promise.all([
      loadQuestions(db),
      loadAnswers(
        db,
        unknown.map((r) => r.id),
      ),
    ]);
    for (const row of unknown) {
      const value = progress(questions, answers.get(row.id)!, { converted: row.converted });
      cache.set(row.id, row.version, value);
      scored.set(row.id, value);
    }
  }
  return rows.map((row) => toListEntry(row, scored.get(row.id) ?? cache.get(row.id, row.version)!));
}
