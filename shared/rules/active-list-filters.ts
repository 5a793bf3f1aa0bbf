import type { AssessmentListEntry } from '../contract/dto';
import { displayStatus, type DisplayStatus } from './statuses';

/**
 * The filters and the order of the active list (docs/product.md 2 "/activeAssessments"), kept
 * in the URL's search (`?mine=1&status=calculated&department=…&sort=address`), so that a
 * filtered view can be bookmarked, survives a reload and comes back with the browser's Back.
 */
export interface ActiveListSearch {
  /** Only assessments the user created or changed last. */
  mine?: true;
  status?: ActiveStatus;
  department?: string;
  /** Absent: newest first, as the server lists them. */
  sort?: ActiveSort;
}

/** The statuses an active assessment can show (draft, rejected and ready on the wire). */
export const ACTIVE_DISPLAY_STATUSES = ['draft', 'calculated', 'ready', 'rejected'] as const;
export type ActiveStatus = (typeof ACTIVE_DISPLAY_STATUSES)[number];

export const ACTIVE_SORTS = ['changed', 'address'] as const;
export type ActiveSort = (typeof ACTIVE_SORTS)[number];

const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (values as readonly string[]).includes(value);

/** The route's validateSearch: what it does not know is dropped, never an error page. */
export function parseActiveListSearch(search: Record<string, unknown>): ActiveListSearch {
  const parsed: ActiveListSearch = {};
  // TanStack Router parses `?mine=1` as the number 1 and `?mine=true` as true.
  if (search.mine === true || search.mine === 1 || search.mine === '1' || search.mine === 'true')
    parsed.mine = true;
  if (isOneOf(ACTIVE_DISPLAY_STATUSES, search.status)) parsed.status = search.status;
  if (typeof search.department === 'string' && /^[\w-]{1,64}$/.test(search.department))
    parsed.department = search.department;
  if (isOneOf(ACTIVE_SORTS, search.sort)) parsed.sort = search.sort;
  return parsed;
}

export const hasActiveFilters = (search: ActiveListSearch): boolean =>
  search.mine === true || search.status !== undefined || search.department !== undefined;

/** Whether the user created the assessment or changed it last (their token's sso_uuid). */
export const isMine = (entry: AssessmentListEntry, me: string | null): boolean =>
  me !== null && [entry.createdBy, entry.changedBy].some((who) => who?.toLowerCase() === me.toLowerCase());

const collator = new Intl.Collator('da', { numeric: true, sensitivity: 'base' });

/** The entries the filters let through, in the order asked for. */
export function applyActiveListSearch(
  entries: readonly AssessmentListEntry[],
  search: ActiveListSearch,
  me: string | null,
): AssessmentListEntry[] {
  const shown = entries.filter(
    (e) =>
      (!search.mine || isMine(e, me)) &&
      (search.status === undefined || statusOf(e) === search.status) &&
      (search.department === undefined || e.departmentId.toLowerCase() === search.department.toLowerCase()),
  );
  if (search.sort === 'address') return shown.sort((a, b) => collator.compare(a.location, b.location));
  if (search.sort === 'changed')
    return shown.sort((a, b) => (b.changedAt ?? b.createdAt).localeCompare(a.changedAt ?? a.createdAt));
  return shown;
}

export const statusOf = (e: AssessmentListEntry): DisplayStatus =>
  displayStatus(e.assessmentStatus, e.isCalculated, e.futureApprovedDate);
