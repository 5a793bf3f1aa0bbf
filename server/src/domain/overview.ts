import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  noStatusCounts,
  noSuitability,
  type DepartmentOverview,
  type OrganizationOverview,
  type StatusCounts,
} from '../../../shared/contract/overview';
import { HANDICAP_TYPES } from '../../../shared/rules/handicaps';
import { compareNames } from '../../../shared/rules/location';
import type { Database } from '../db/schema';
import { copenhagenDate } from '../jobs/dates';
import type { DepartmentListVersionsTable } from './department-list-cache';
import { departmentFigures, emptyFigures, type DepartmentFigures } from './overview-figures';
import { levelsOf, type Counted } from './overview-levels';

/**
 * The organization overview (docs/api.md "Extensions"): per department the residences by the
 * status each shows, the approvals that take effect later, the share approved and, of the
 * residences whose approval is in effect, how each handicap group fares.
 *
 * A residence counts once, by the assessment the department list shows for it (the duplicate
 * rule), so that each figure is what the list filtered by that status holds. The database
 * counts them (domain/overview-figures.ts); only approvals without kept levels are scored here.
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
    .withTables<DepartmentListVersionsTable>()
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
    const built = buildDepartments(db, organizationId, stale, stale.length === departments.length, now);
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

/** The figures of the given departments, counted in the database, with the approvals not yet scored. */
async function buildDepartments(
  db: Kysely<Database>,
  organizationId: string,
  departments: readonly Pick<DepartmentVersion, 'id' | 'name'>[],
  all: boolean,
  now: Date,
): Promise<Map<string, DepartmentOverview>> {
  const figures = await departmentFigures(
    db,
    organizationId,
    all ? 'all' : departments.map((d) => d.id),
    now,
  );
  const unscored = [...figures.values()].flatMap((f) => f.unscored);
  const levels = unscored.length > 0 ? await levelsOf(db, unscored) : new Map();
  return new Map(
    departments.map((department) => [
      department.id,
      overviewOf(department, figures.get(department.id) ?? emptyFigures(), levels),
    ]),
  );
}

/** One department's overview from its figures and the levels of its approvals scored just now. */
function overviewOf(
  department: Pick<DepartmentVersion, 'id' | 'name'>,
  figures: DepartmentFigures,
  scored: ReadonlyMap<string, readonly Counted[]>,
): DepartmentOverview {
  const statuses = noStatusCounts();
  for (const [status, count] of figures.statuses) {
    // A status the contract does not know (none the schema allows) shows as not started.
    if (status in statuses) statuses[status as keyof StatusCounts] += count;
    else statuses.notStarted += count;
  }
  const residences = Object.values(statuses).reduce((sum, count) => sum + count, 0);
  const groups = noSuitability();
  HANDICAP_TYPES.forEach((type, i) => {
    const group = groups.get(type)!;
    for (const [level, count] of figures.levels[i]!) group[level] += count;
    // An assessment gone between the count and its scoring counts as not assessed.
    for (const id of figures.unscored) group[scored.get(id)?.[i] ?? 'notAssessed']++;
  });
  return {
    departmentId: department.id,
    departmentName: department.name,
    residences,
    statuses,
    laterApprovals: [...figures.later]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([date, count]) => ({ date, count })),
    assessedShare: residences === 0 ? 0 : (statuses.approved + statuses.approvedFuture) / residences,
    suitability: [...groups.values()],
  };
}
