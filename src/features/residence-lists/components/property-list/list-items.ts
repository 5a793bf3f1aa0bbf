import type { PropertyRow } from '../../../../../shared/contract/dto';
import { applyDuplicateRule } from '../../../../../shared/rules/duplicate-rule';
import { propertySearchKey, type PropertySearchKey } from '../../../../../shared/rules/property-filter';
import { DISPLAY_STATUSES, displayStatus, type DisplayStatus } from '../../../../../shared/rules/statuses';

/** A row as the list shows it: one per residence (duplicate rule, docs/product.md 4) with its display status. */
export interface PropertyListItem extends PropertyRow {
  /** docs/product.md 3: the assessmentId, or the residenceId when there is no assessment. */
  key: string;
  displayStatus: DisplayStatus;
  /** The filters' view of the row, built here once per data set rather than per keystroke. */
  searchKey: PropertySearchKey;
}

export function toListItems(rows: readonly PropertyRow[], now: Date = new Date()): PropertyListItem[] {
  return applyDuplicateRule(rows, (r) => r.residenceId, now).map((row) => {
    const item = {
      ...row,
      key: row.assessmentId ?? row.residenceId,
      displayStatus: displayStatus(row.assessmentStatus, row.isCalculated, row.futureApprovedDate, now),
    };
    return { ...item, searchKey: propertySearchKey(item) };
  });
}

/** The status filter offers every status a list row can have (a cancelled one never shows). */
export const STATUS_FILTER_OPTIONS: DisplayStatus[] = DISPLAY_STATUSES.filter((s) => s !== 'cancelled');
