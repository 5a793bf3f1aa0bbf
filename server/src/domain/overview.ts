import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import {
  noStatusCounts,
  noSuitability,
  type DepartmentOverview,
  type GroupSuitability,
  type OrganizationOverview,
} from '../../../shared/contract/overview';
import type { PropertyRow } from '../../../shared/contract/properties';
import { applyDuplicateRule } from '../../../shared/rules/duplicate-rule';
import { HANDICAP_TYPES } from '../../../shared/rules/handicaps';
import { displayStatus, parseFutureDate } from '../../../shared/rules/statuses';
import { compareNames } from '../../../shared/rules/location';
import type { Database } from '../db/schema';
import { copenhagenDate } from '../jobs/dates';
import type { DepartmentListVersions } from './department-list-cache';
import { assessmentRowVersion } from './progress-cache';
import { COUNTED, levelsOf, type Counted, type KeptLevels } from './overview-levels';
import { isoOrNoDate } from './residences';

/**
 * The organization overview (docs/api.md "Extensions"): per department the residences by the
 * status each shows, the approvals that take effect later, the share approved and, of the
 * residences whose approval is in effect, how each handicap group fares.
 *
 * A residence counts once, by the assessment the department list shows for it (the duplicate
 * rule), so that each figure is what the list filtered by that status holds.
 *
 * Built per department and kept per version of the department's list
 * (department_list_versions, docs/performance.md "The API under load"), which moves with every
 * change of a status, a calculation or a later approval's date; and per day, since a later
 * approval becomes plain approved at midnight. A request reads the versions of the
 * organization's departments in one query and builds only the departments that changed.
 */

interface DepartmentVersion {
  id: string;
  name: string;
  version: number;
}

interface KeptSummary {
  key: string;
  summary: Promise<DepartmentOverview>;
}

const kept = new WeakMap<Kysely<Database>, Map<string, KeptSummary>>();

/** The organization's departments with the version of each one's list, by name. */
export async function departmentVersions(
  db: Kysely<Database>,
  organizationId: string,
): Promise<DepartmentVersion[]> {
  const rows = await db
    .withTables<DepartmentListVersions>()
    .selectFrom('departments as d')
    .leftJoin('department_list_versions as v', 'v.department_id', 'd.id')
    .select(['d.id', 'd.name', 'v.version'])
    .where('d.organization_id', '=', organizationId)
    .execute();
  return rows
    .map((row) => ({ id: row.id, name: row.name, version: Number(row.version ?? 0) }))
    .sort((a, b) => compareNames(a.name, b.name));
}

/** One text that changes whenever any department's figures may: the key of the whole answer. */
export function overviewVersion(departments: readonly DepartmentVersion[], today: string): string {
  const hash = createHash('md5').update(today);
  for (const d of departments) hash.update(`|${d.id}:${d.version}:${d.name}`);
  return hash.digest('hex');
}

/** The overview of the organization's departments (the caller checked membership). */
export async function organizationOverview(
  db: Kysely<Database>,
  organizationId: string,
  departments: readonly DepartmentVersion[],
  now: Date = new Date(),
): Promise<OrganizationOverview> {
  const today = copenhagenDate(now);
  let perDb = kept.get(db);
  if (!perDb) {
    perDb = new Map();
    kept.set(db, perDb);
  }
  const cache = perDb;
  const keyOf = (d: DepartmentVersion) => `${d.version}:${today}:${d.name}`;
  // The departments that changed (all of them in a new process) are built together: their
  // lists in one query and their approvals' levels in chunks, not hundreds of round trips.
  const stale = departments.filter((d) => cache.get(d.id)?.key !== keyOf(d));
  if (stale.length > 0) {
    const built = buildDepartments(db, organizationId, stale, now);
    for (const department of stale) {
      const entry: KeptSummary = {
        key: keyOf(department),
        summary: built.then((b) => b.get(department.id)!),
      };
      cache.set(department.id, entry);
      // A failed build (the database away) is not kept.
      entry.summary.catch(() => {
        if (cache.get(department.id) === entry) cache.delete(department.id);
      });
    }
  }
  const summaries: DepartmentOverview[] = [];
  for (const department of departments) summaries.push(await cache.get(department.id)!.summary);
  return { organizationId, departments: summaries };
}

/** The figures of the given departments, from their property lists and their approvals' levels. */
async function buildDepartments(
  db: Kysely<Database>,
  organizationId: string,
  departments: readonly Pick<DepartmentVersion, 'id' | 'name'>[],
  now: Date,
): Promise<Map<string, DepartmentOverview>> {
  const { lists, kept } = await statusRows(
    db,
    organizationId,
    departments.map((d) => d.id),
  );
  const counted = departments.map((d) => countDepartment(d, lists.get(d.id) ?? [], now));
  const levels = await levelsOf(
    db,
    counted.flatMap((c) => c.inEffect),
    kept,
  );
  return new Map(
    counted.map(({ overview, inEffect }) => [
      overview.departmentId,
      { ...overview, suitability: suitabilityOf(inEffect, levels) },
    ]),
  );
}

/** What the counts need of a department list's row (PropertyRow without the address). */
type StatusRow = Pick<
  PropertyRow,
  'residenceId' | 'assessmentId' | 'assessmentStatus' | 'isCalculated' | 'futureApprovedDate'
>;

/**
 * The rows of the departments' property lists as the counts need them, by department, in one
 * query: a residence's rows newest first as the list orders them (the duplicate rule keeps the
 * first of equals), but no address order and no addresses, which took most of a cold build.
 */
async function statusRows(
  db: Kysely<Database>,
  organizationId: string,
  departmentIds: readonly string[],
): Promise<{ lists: Map<string, StatusRow[]>; kept: Map<string, KeptLevels> }> {
  // The organization named on both sides (its residences' assessments are its own, migration
  // 0013): the planner then reads each residence's assessments by index, not every assessment.
  const rows = await db
    .selectFrom('residences as r')
    .leftJoin('assessments as a', (join) =>
      join
        .onRef('a.residence_id', '=', 'r.id')
        .on('a.status', '!=', 'cancelled')
        .on('a.organization_id', '=', organizationId),
    )
    .leftJoin('assessment_levels as l', (join) =>
      join.onRef('l.assessment_id', '=', 'a.id').on('a.status', '=', 'approved'),
    )
    .select([
      'r.id as residenceId',
      'r.department_id as departmentId',
      'a.id as assessmentId',
      'a.status',
      'a.is_calculated as isCalculated',
      'a.future_approved_date as futureApprovedDate',
      // The levels kept for the assessment's current version come along (migration 0018).
      sql<string | null>`case when l.version = ${assessmentRowVersion} then l.levels end`.as('keptLevels'),
      sql<string | null>`case when l.version = ${assessmentRowVersion} then l.version end`.as('keptVersion'),
    ])
    .where('r.organization_id', '=', organizationId)
    .where('r.department_id', 'in', departmentIds)
    .orderBy('r.id')
    .orderBy(sql`a.created_at desc nulls last`)
    .orderBy('a.id', 'desc')
    .execute();
  const byDepartment = new Map<string, StatusRow[]>();
  const kept = new Map<string, KeptLevels>();
  for (const row of rows) {
    const levels = row.keptLevels as unknown as string[] | null;
    if (row.assessmentId && row.keptVersion && levels?.every((l) => COUNTED.includes(l)))
      kept.set(row.assessmentId, { version: row.keptVersion, levels: levels as Counted[] });
    let list = byDepartment.get(row.departmentId);
    if (!list) byDepartment.set(row.departmentId, (list = []));
    list.push({
      residenceId: row.residenceId,
      assessmentId: row.assessmentId,
      assessmentStatus: row.status ?? 'notStarted',
      isCalculated: row.isCalculated ?? false,
      futureApprovedDate: isoOrNoDate(row.futureApprovedDate),
    });
  }
  return { lists: byDepartment, kept };
}

/** One department's counts, and the assessments whose approval is in effect (to be scored). */
function countDepartment(
  department: Pick<DepartmentVersion, 'id' | 'name'>,
  rows: readonly StatusRow[],
  now: Date,
): { overview: Omit<DepartmentOverview, 'suitability'>; inEffect: string[] } {
  const shown = applyDuplicateRule(rows, (row) => row.residenceId, now);
  const statuses = noStatusCounts();
  const later = new Map<string, number>();
  const inEffect: string[] = [];
  for (const row of shown) {
    const status = displayStatus(row.assessmentStatus, row.isCalculated, row.futureApprovedDate, now);
    statuses[status]++;
    if (status === 'approvedFuture') {
      const day = copenhagenDate(parseFutureDate(row.futureApprovedDate)!);
      later.set(day, (later.get(day) ?? 0) + 1);
    }
    if (status === 'approved' && row.assessmentId) inEffect.push(row.assessmentId);
  }
  const residences = shown.length;
  return {
    overview: {
      departmentId: department.id,
      departmentName: department.name,
      residences,
      statuses,
      laterApprovals: [...later]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([date, count]) => ({ date, count })),
      assessedShare: residences === 0 ? 0 : (statuses.approved + statuses.approvedFuture) / residences,
    },
    inEffect,
  };
}

/** Per handicap type, how the given (approved) assessments score it (docs/domain.md 4). */
function suitabilityOf(
  assessmentIds: readonly string[],
  levels: ReadonlyMap<string, readonly Counted[]>,
): GroupSuitability[] {
  const groups = noSuitability();
  for (const id of assessmentIds) {
    const own = levels.get(id);
    // An assessment gone between the list and its levels counts as not assessed.
    HANDICAP_TYPES.forEach((type, i) => groups.get(type)![own?.[i] ?? 'notAssessed']++);
  }
  return [...groups.values()];
}
