import { sql, type Kysely, type RawBuilder } from 'kysely';
import { HANDICAP_TYPES } from '../../../shared/rules/handicaps';
import type { Database } from '../db/schema';
import { COUNTED, type Counted } from './overview-levels';
import { assessmentRowVersion } from './progress-cache';

/**
 * The overview's figures counted in the database (domain/overview.ts): per department, the
 * residences by the status each shows, the later approvals by Copenhagen day and the kept levels
 * of the approvals in effect, in one query that returns a few rows per department instead of a
 * row per residence (reading and ranking 40,000 rows in Node was most of a new process's build).
 *
 * The SQL repeats two rules of shared/rules, and tests/server/overview-figures.test.ts holds it
 * to them over random rows:
 * - the duplicate rule (docs/domain.md 3, shared/rules/duplicate-rule.ts): a residence shows
 *   one assessment, the best ranked, the newest among equals;
 * - the status shown (docs/domain.md 4, displayStatus): a calculated draft is calculated, an
 *   approval from a later date is approvedFuture until then.
 * Only the statuses the schema allows occur (0001: draft, ready, approved, rejected, cancelled),
 * so the legacy names displayStatus also reads need no place here.
 */

export interface DepartmentFigures {
  residences: number;
  /** Residences by status shown. */
  statuses: Map<string, number>;
  /** Approvals that take effect later, by their Copenhagen day (YYYY-MM-DD). */
  later: Map<string, number>;
  /** Per handicap type (HANDICAP_TYPES order), the kept levels of the approvals in effect. */
  levels: Map<Counted, number>[];
  /** Approvals in effect with no levels kept for their current version: to be scored. */
  unscored: string[];
}

interface FigureRow {
  departmentId: string;
  kind: 'residences' | 'status' | 'later' | 'levels' | 'unscored';
  key: string | null;
  count: number;
}

export const emptyFigures = (): DepartmentFigures => ({
  residences: 0,
  statuses: new Map(),
  later: new Map(),
  levels: HANDICAP_TYPES.map(() => new Map()),
  unscored: [],
});

/**
 * The figures of the organization's departments, by department id: of the given ones, or of
 * all (a new process's first build), when no list of ids need be matched.
 */
export async function departmentFigures(
  db: Kysely<Database>,
  organizationId: string,
  departmentIds: readonly string[] | 'all',
  now: Date,
): Promise<Map<string, DepartmentFigures>> {
  const result = new Map<string, DepartmentFigures>();
  if (departmentIds.length === 0) return result;
  // Never null (a missing date is no later approval), so that `not later` is true then.
  const later = sql`(a.status = 'approved' and a.future_approved_date is not null and a.future_approved_date > ${now})`;
  const inDepartments = (column: RawBuilder<unknown>) =>
    departmentIds === 'all' ? sql`` : sql`and ${column} in (${sql.join(departmentIds)})`;
  const { rows } = await sql<FigureRow>`
    with winner as materialized (${winnerQuery(organizationId, inDepartments(sql.ref('r.department_id')), later)}),
    shown as (${shownQuery(later)})
    -- Residences with no assessment show as not started: all of a department's, less the shown.
    select department_id as "departmentId", 'residences' as kind, null as key, count(*)::int as count
      from residences
      where organization_id = ${organizationId} ${inDepartments(sql.ref('department_id'))}
      group by department_id
    union all
    -- One pass over the winners for every count; a set's rows without a key (no later day, no
    -- levels, nothing to score) are skipped below.
    select department_id,
      case
        when grouping(status) = 0 then 'status'
        when grouping(later_day) = 0 then 'later'
        when grouping(levels) = 0 then 'levels'
        else 'unscored'
      end,
      coalesce(status, later_day, levels, unscored),
      count(*)::int
      from shown
      group by grouping sets (
        (department_id, status),
        (department_id, later_day),
        (department_id, levels),
        (department_id, unscored)
      )
  `.execute(db);
  for (const row of rows) {
    if (row.key === null && row.kind !== 'residences') continue;
    let figures = result.get(row.departmentId);
    if (!figures) result.set(row.departmentId, (figures = emptyFigures()));
    if (row.kind === 'residences') figures.residences = row.count;
    else if (row.kind === 'status') figures.statuses.set(row.key!, row.count);
    else if (row.kind === 'later') figures.later.set(row.key!, row.count);
    else if (row.kind === 'levels')
      row.key!.split(',').forEach((level, i) => {
        const counts = figures.levels[i]!;
        counts.set(level as Counted, (counts.get(level as Counted) ?? 0) + row.count);
      });
    else figures.unscored.push(row.key!);
  }
  for (const figures of result.values()) {
    const assessed = [...figures.statuses.values()].reduce((sum, n) => sum + n, 0);
    if (figures.residences > assessed) figures.statuses.set('notStarted', figures.residences - assessed);
  }
  return result;
}

/** Each residence's assessment by the duplicate rule, with its department and row version. */
function winnerQuery(
  organizationId: string,
  /** The condition on r.department_id, or none. */
  departments: RawBuilder<unknown>,
  later: RawBuilder<unknown>,
) {
  return sql`
      -- Each residence's assessment by the duplicate rule, among the assessments alone: most
      -- residences have none, and sorting 7,000 narrow rows beats sorting 30,000 wide ones.
      select distinct on (a.residence_id)
        r.department_id,
        a.id,
        a.status,
        a.is_calculated,
        a.future_approved_date,
        ${assessmentRowVersion} as version
      from assessments a
      join residences r on r.id = a.residence_id
      -- The organization named on both sides (its residences' assessments are its own,
      -- migration 0013): the planner reads them by the organization's index.
      where a.organization_id = ${organizationId}
        and a.status <> 'cancelled'
        and r.organization_id = ${organizationId}
        ${departments}
      order by a.residence_id,
        case
          when ${later} then 2
          when a.status in ('approved', 'ready') then 0
          when a.status in ('draft', 'rejected') then 1
          else 3
        end,
        a.created_at desc nulls last,
        a.id desc
  `;
}

/** The winners as the overview counts them: status shown, later day and kept levels. */
function shownQuery(later: RawBuilder<unknown>) {
  const keptLevels = sql`(
    l.version = a.version
    and l.levels <@ ${sql.val(COUNTED)}::text[]
    and cardinality(l.levels) = ${HANDICAP_TYPES.length}
  )`;
  return sql`
      select
        a.department_id,
        a.id as assessment_id,
        case
          when a.status = 'draft' and a.is_calculated then 'calculated'
          when ${later} then 'approvedFuture'
          else a.status
        end as status,
        case when ${later}
          then to_char(a.future_approved_date at time zone 'Europe/Copenhagen', 'YYYY-MM-DD')
        end as later_day,
        -- An approval in effect is counted by its kept levels (by the whole list of them: a
        -- department's approvals share a few dozen), or listed to be scored.
        case
          when a.status = 'approved' and not ${later} and ${keptLevels} then array_to_string(l.levels, ',')
        end as levels,
        case
          when a.status = 'approved' and not ${later} and not coalesce(${keptLevels}, false) then a.id::text
        end as unscored
      from winner a
      left join assessment_levels l on l.assessment_id = a.id and a.status = 'approved'
  `;
}
