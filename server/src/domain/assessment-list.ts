import type { Kysely } from 'kysely';
import type { AssessmentListEntry } from '../../../shared/contract/dto';
import type { LocatedAssessmentRequestItem } from '../../../shared/contract/assessments';
import { progress } from '../../../shared/rules/scoring';
import type { AuthUser } from '../auth/guard';
import type { Database } from '../db/schema';
import { isActiveIn } from './active-assessments-cache';
import { toListEntry, type AssessmentListRow } from './assessment-state';
import { loadAnswers, loadQuestions } from './catalogue';
import { assessmentRowVersion, progressCacheOf } from './progress-cache';

/**
 * Assessment lists (docs/api.md: getassessments, getactiveassessments, getlocatedassessments
 * and a job's items): the list entries are the assessment with its residence's fields, and its
 * progress.
 */

/** A residence's assessments that are not cancelled, newest first (getassessments, getproperty). */
export function residenceAssessments(db: Kysely<Database>, residenceId: string) {
  return db
    .selectFrom('assessments')
    .select(['id', 'status', 'converted'])
    .where('residence_id', '=', residenceId)
    .where('status', '!=', 'cancelled')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** An assessment with the residence fields a list entry needs. */
export function assessmentListQuery(db: Kysely<Database>) {
  return db
    .selectFrom('assessments as a')
    .innerJoin('residences as r', 'r.id', 'a.residence_id')
    .leftJoin('users as creator', 'creator.id', 'a.created_by')
    .leftJoin('users as changer', 'changer.id', 'a.changed_by')
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
      'creator.sso_uuid as createdBy',
      'changer.sso_uuid as changedBy',
      'changer.display_name as changedByName',
      'a.updated_at as changedAt',
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

/** getactiveassessments: the organization's active assessments, newest first. */
export async function activeAssessments(
  db: Kysely<Database>,
  organizationId: string,
): Promise<AssessmentListEntry[]> {
  const rows = await assessmentListQuery(db)
    .where(isActiveIn(organizationId))
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .execute();
  return toListEntries(db, rows);
}

/**
 * getlocatedassessments: the assessments of the pairs in the order asked for, each once; a pair
 * whose assessment is not of that property, or of another organization, is left out.
 */
export async function locatedAssessments(
  db: Kysely<Database>,
  user: AuthUser,
  pairs: readonly LocatedAssessmentRequestItem[],
): Promise<AssessmentListEntry[]> {
  const ids = [...new Set(pairs.map((p) => p.assessmentId.toLowerCase()))];
  if (ids.length === 0) return [];
  const found = await assessmentListQuery(db)
    .where('a.id', 'in', ids)
    .where('a.status', '!=', 'cancelled')
    .execute();
  const byId = new Map(found.map((row) => [row.id, row]));
  const rows: VersionedRow[] = [];
  const seen = new Set<string>();
  for (const pair of pairs) {
    const row = byId.get(pair.assessmentId.toLowerCase());
    if (!row || seen.has(row.id)) continue;
    if (row.residenceId !== pair.propertyId.toLowerCase()) continue;
    if (!user.organizationIds.includes(row.organizationId)) continue;
    seen.add(row.id);
    rows.push(row);
  }
  return toListEntries(db, rows);
}
