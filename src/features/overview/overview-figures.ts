import { noStatusCounts, noSuitability, type DepartmentOverview } from '../../../shared/contract/overview';
import { DISPLAY_STATUSES, type DisplayStatus } from '../../../shared/rules/statuses';

/** The statuses the overview counts, in the order of the work: cancelled never shows (none are listed). */
export const STATUS_COLUMNS: readonly DisplayStatus[] = DISPLAY_STATUSES.filter((s) => s !== 'cancelled');

const COLORS: Record<DisplayStatus, string> = {
  notStarted: 'gray.4',
  draft: 'yellow.5',
  calculated: 'blue.5',
  ready: 'cyan.6',
  approved: 'green.7',
  approvedFuture: 'teal.4',
  rejected: 'red.6',
  cancelled: 'dark.3',
};

/** A status's colour in the distribution bar. */
export const statusColor = (status: DisplayStatus) => COLORS[status];

/** The organization's figures: the departments' added up (the share from the sums). */
export function totalsOf(
  departments: readonly DepartmentOverview[],
): Pick<DepartmentOverview, 'residences' | 'statuses' | 'assessedShare' | 'suitability'> {
  const statuses = noStatusCounts();
  const groups = noSuitability();
  let residences = 0;
  for (const d of departments) {
    residences += d.residences;
    for (const s of DISPLAY_STATUSES) statuses[s] += d.statuses[s];
    for (const g of d.suitability) {
      const sum = groups.get(g.handicapTypeId);
      if (!sum) continue;
      sum.suitable += g.suitable;
      sum.partly += g.partly;
      sum.unsuitable += g.unsuitable;
      sum.notAssessed += g.notAssessed;
    }
  }
  const assessed = statuses.approved + statuses.approvedFuture;
  return {
    residences,
    statuses,
    assessedShare: residences === 0 ? 0 : assessed / residences,
    suitability: [...groups.values()],
  };
}
