import type { Kysely } from 'kysely';
import type { AssessmentListEntry } from '../../../shared/contract/dto';
import type { PropertyRow } from '../../../shared/contract/properties';
import { applyActiveListSearch, type ActiveListSearch } from '../../../shared/rules/active-list-filters';
import { applyDuplicateRule } from '../../../shared/rules/duplicate-rule';
import { HANDICAP_TYPES } from '../../../shared/rules/handicaps';
import {
  propertyFilter,
  propertySearchKey,
  type PropertyFilters,
} from '../../../shared/rules/property-filter';
import { handicapScoreDetails, progress } from '../../../shared/rules/scoring';
import { displayStatus, parseFutureDate, type DisplayStatus } from '../../../shared/rules/statuses';
import { da } from '../../../shared/texts/da';
import { chunks } from '../db/chunks';
import type { Database } from '../db/schema';
import { activeAssessments } from './assessment-list';
import { loadAnswers } from './catalogue';
import { loadCatalogue } from './catalogue-cache';
import { CSV_BOM, csvDate, csvLine, decimalComma } from './csv';
import { departmentsOf } from './departments';
import { departmentPropertyRows } from './residences';

/**
 * The export (docs/api.md "Extensions"): a department's residences, every department of an
 * organization, or the active list, as CSV for Danish Excel (./csv.ts), with the filters the
 * screen shows applied by the same rules (shared/rules). Streamed: one department at a time, its
 * scores read and written in chunks, so an organization of any size exports with the memory of
 * its largest department.
 */

const HEADER = [
  'Afdeling',
  'Adresse',
  'Status',
  'Oprettet',
  'Godkendt fra',
  'Sidst ændret',
  'Besvaret (%)',
  ...HANDICAP_TYPES.map((type) => da[`handicap.${type}`]),
];

/** One line to write: the residence and the assessment it shows (null when none). */
interface ExportItem {
  departmentName: string;
  location: string;
  status: DisplayStatus;
  futureApprovedDate: string;
  assessmentId: string | null;
}

/**
 * The residences of one department, or of all the organization's (by name), as the department
 * list shows them (the duplicate rule) and filters them. The caller has checked membership.
 */
export async function* residencesCsv(
  db: Kysely<Database>,
  organizationId: string,
  departmentId: string | null,
  /** The department list's filters (docs/product.md 2); empty strings filter nothing. */
  filters: PropertyFilters,
  now: Date,
): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(HEADER);
  const departments = (await departmentsOf(db, organizationId)).filter(
    (d) => departmentId === null || d.departmentId === departmentId,
  );
  const matches = propertyFilter(filters);
  for (const department of departments) {
    const rows = await departmentPropertyRows(db, department.departmentId);
    const items = applyDuplicateRule(rows, (row) => row.residenceId, now)
      .map((row) => itemOf(row, department.departmentName, now))
      .filter((item) => matches(propertySearchKey({ ...item.row, displayStatus: item.status })));
    for (const chunk of chunks(items)) yield await linesOf(db, chunk, now);
  }
}

const itemOf = (row: PropertyRow, departmentName: string, now: Date) => ({
  row,
  departmentName,
  location: row.location,
  status: displayStatus(row.assessmentStatus, row.isCalculated, row.futureApprovedDate, now),
  futureApprovedDate: row.futureApprovedDate,
  assessmentId: row.assessmentId,
});

/** The active list (getactiveassessments) as the screen filters and orders it. */
export async function* activeCsv(
  db: Kysely<Database>,
  organizationId: string,
  search: ActiveListSearch,
  me: string,
  now: Date,
): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(HEADER);
  const names = new Map(
    (await departmentsOf(db, organizationId)).map((d) => [d.departmentId, d.departmentName]),
  );
  const entries = applyActiveListSearch(await activeAssessments(db, organizationId), search, me);
  const items = entries.map((e: AssessmentListEntry) => ({
    departmentName: names.get(e.departmentId) ?? '',
    location: e.location,
    status: displayStatus(e.assessmentStatus, e.isCalculated, e.futureApprovedDate, now),
    futureApprovedDate: e.futureApprovedDate,
    assessmentId: e.assessmentId,
  }));
  for (const chunk of chunks(items)) yield await linesOf(db, chunk, now);
}

/** The lines of a chunk: each assessment's dates, progress and scores read for the chunk at once. */
async function linesOf(db: Kysely<Database>, items: readonly ExportItem[], now: Date): Promise<string> {
  const ids = items.map((i) => i.assessmentId).filter((id): id is string => id !== null);
  const details = new Map(
    ids.length === 0
      ? []
      : (
          await db
            .selectFrom('assessments')
            .select(['id', 'converted', 'created_at', 'valid_from', 'updated_at'])
            .where('id', 'in', ids)
            .execute()
        ).map((a) => [a.id, a]),
  );
  const [{ questions }, answers] = await Promise.all([loadCatalogue(db), loadAnswers(db, ids)]);
  let text = '';
  for (const item of items) {
    const a = item.assessmentId === null ? undefined : details.get(item.assessmentId);
    const given = a && answers.get(a.id);
    const scores = a && given ? handicapScoreDetails(questions, given, { converted: a.converted }) : [];
    const approvedFrom =
      item.status === 'approvedFuture'
        ? parseFutureDate(item.futureApprovedDate)
        : item.status === 'approved'
          ? (a?.valid_from ?? null)
          : null;
    text += csvLine([
      item.departmentName,
      item.location,
      statusText(item.status, item.futureApprovedDate, now),
      a ? csvDate(a.created_at) : '',
      csvDate(approvedFrom),
      a ? csvDate(a.updated_at) : '',
      a && given ? decimalComma(progress(questions, given, { converted: a.converted }) * 100, 1) : '',
      ...HANDICAP_TYPES.map((type) => scores.find((s) => s.handicapTypeId === type)?.scoreText ?? ''),
    ]);
  }
  return text;
}

function statusText(status: DisplayStatus, futureApprovedDate: string, now: Date): string {
  if (status === 'approvedFuture') {
    const date = parseFutureDate(futureApprovedDate);
    return da['status.approvedFuture'].replace('{date}', date && date > now ? csvDate(date) : '');
  }
  return da[`status.${status}`];
}
