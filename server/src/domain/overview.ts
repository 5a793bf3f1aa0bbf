import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  noStatusCounts,
  noSuitability,
  type DepartmentOverview,
  type GroupSuitability,
  type OrganizationOverview,
} from '../../../shared/contract/overview';
import type { PropertyRow } from '../../../shared/contract/properties';
import { applyDuplicateRule } from '../../../shared/rules/duplicate-rule';
import { handicapScoreDetails } from '../../../shared/rules/scoring';
import { displayStatus, parseFutureDate } from '../../../shared/rules/statuses';
import { compareNames } from '../../../shared/rules/location';
import { chunks } from '../db/chunks';
import type { Database } from '../db/schema';
import { copenhagenDate } from '../jobs/dates';
import { loadAnswers } from './catalogue';
import { loadCatalogue } from './catalogue-cache';
import type { DepartmentListVersions } from './department-list-cache';
import { assessmentRowVersion } from './progress-cache';
import { departmentPropertyRows } from './residences';

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
  const summaries: DepartmentOverview[] = [];
  // One department at a time: a cold national organization is hundreds of list queries, and
  // the pool serves the app's other requests meanwhile.
  for (const department of departments) {
    const key = `${department.version}:${today}:${department.name}`;
    let entry = cache.get(department.id);
    if (!entry || entry.key !== key) {
      const summary = departmentOverview(db, department, now);
      entry = { key, summary };
      cache.set(department.id, entry);
      const current = entry;
      // A failed build (the database away) is not kept.
      summary.catch(() => {
        if (cache.get(department.id) === current) cache.delete(department.id);
      });
    }
    summaries.push(await entry.summary);
  }
  return { organizationId, departments: summaries };
}

/** The figures of one department, from its property list and its approved answers. */
export async function departmentOverview(
  db: Kysely<Database>,
  department: Pick<DepartmentVersion, 'id' | 'name'>,
  now: Date,
): Promise<DepartmentOverview> {
  const rows = await departmentPropertyRows(db, department.id);
  const shown = applyDuplicateRule(rows, (row) => row.residenceId, now);
  const statuses = noStatusCounts();
  const later = new Map<string, number>();
  const inEffect: PropertyRow[] = [];
  for (const row of shown) {
    const status = displayStatus(row.assessmentStatus, row.isCalculated, row.futureApprovedDate, now);
    statuses[status]++;
    if (status === 'approvedFuture') {
      const day = copenhagenDate(parseFutureDate(row.futureApprovedDate)!);
      later.set(day, (later.get(day) ?? 0) + 1);
    }
    if (status === 'approved' && row.assessmentId) inEffect.push(row);
  }
  const residences = shown.length;
  return {
    departmentId: department.id,
    departmentName: department.name,
    residences,
    statuses,
    laterApprovals: [...later].sort(([a], [b]) => (a < b ? -1 : 1)).map(([date, count]) => ({ date, count })),
    assessedShare: residences === 0 ? 0 : (statuses.approved + statuses.approvedFuture) / residences,
    suitability: await suitabilityOf(
      db,
      inEffect.map((row) => row.assessmentId!),
    ),
  };
}

/** A group's level as the overview counts it (screened out is not suitable; see GroupSuitability). */
type Counted = 'suitable' | 'partly' | 'unsuitable' | 'notAssessed';

interface KeptLevels {
  version: string;
  levels: ReadonlyMap<string, Counted>;
}

/**
 * Each scored assessment's levels per row version (the row moves with every answer written,
 * domain/progress-cache.ts): a department rebuilt after one change scores only what changed,
 * not every approval again (loading and scoring the answers was 70 % of a build). Bounded: the
 * oldest entries go first.
 */
const keptLevels = new WeakMap<Kysely<Database>, Map<string, KeptLevels>>();
const KEPT_LEVELS_MAX = 200_000;

function levelsCache(db: Kysely<Database>): Map<string, KeptLevels> {
  let cache = keptLevels.get(db);
  if (!cache) {
    cache = new Map();
    keptLevels.set(db, cache);
  }
  return cache;
}

/** Per handicap type, how the given (approved) assessments score it (docs/domain.md 4). */
async function suitabilityOf(
  db: Kysely<Database>,
  assessmentIds: readonly string[],
): Promise<GroupSuitability[]> {
  const groups = noSuitability();
  const cache = levelsCache(db);
  for (const ids of chunks(assessmentIds)) {
    const rows = await db
      .selectFrom('assessments as a')
      .select(['a.id', 'a.converted', assessmentRowVersion.as('version')])
      .where('a.id', 'in', ids)
      .execute();
    const stale = rows.filter((row) => cache.get(row.id)?.version !== row.version);
    if (stale.length > 0) {
      const [{ questions }, answers] = await Promise.all([
        loadCatalogue(db),
        loadAnswers(
          db,
          stale.map((row) => row.id),
        ),
      ]);
      for (const row of stale) {
        const levels = new Map<string, Counted>();
        for (const detail of handicapScoreDetails(questions, answers.get(row.id)!, {
          converted: row.converted,
        })) {
          // Left out at screening is "Ikke egnet (screening)": not suitable, as the results say.
          levels.set(
            detail.handicapTypeId,
            detail.level === 'screenedOut'
              ? 'unsuitable'
              : detail.level === 'notAssessed'
                ? 'notAssessed'
                : detail.level,
          );
        }
        cache.delete(row.id);
        cache.set(row.id, { version: row.version, levels });
      }
      while (cache.size > KEPT_LEVELS_MAX) cache.delete(cache.keys().next().value!);
    }
    for (const row of rows) {
      const { levels } = cache.get(row.id)!;
      // allergy and reading have no entry when nothing was scored for them.
      for (const group of groups.values()) group[levels.get(group.handicapTypeId) ?? 'notAssessed']++;
    }
  }
  return [...groups.values()];
}
