/**
 * Assessment statuses (docs/product.md 4, docs/architecture.md 3).
 *
 * On the wire an assessment has a stored status (draft, ready, approved, rejected, cancelled),
 * notStarted when a residence has none, an isCalculated flag and a futureApprovedDate, where
 * NO_DATE means none. The UI shows one of the display statuses below; "calculated" and
 * "approvedFuture" are derived.
 */

/** The spec's "no date" value of futureApprovedDate (section 3). */
export const NO_DATE = '0001-01-01T00:00:00';

/** Every display status, in the order lists and filters offer them. */
export const DISPLAY_STATUSES = [
  'notStarted',
  'draft',
  'calculated',
  'ready',
  'approved',
  'approvedFuture',
  'rejected',
  'cancelled',
] as const;

export type DisplayStatus = (typeof DISPLAY_STATUSES)[number];

/** Whether a value (a URL's search parameter, say) names a display status. */
export const isDisplayStatus = (value: unknown): value is DisplayStatus =>
  typeof value === 'string' && (DISPLAY_STATUSES as readonly string[]).includes(value);

/** The statuses an assessment can have on the wire (dto.ts AssessmentStatus). */
export type WireStatus = 'notStarted' | 'draft' | 'ready' | 'approved' | 'rejected' | 'cancelled';

const WIRE_STATUSES: readonly string[] = [
  'notStarted',
  'draft',
  'ready',
  'approved',
  'rejected',
  'cancelled',
];

/** Legacy names of the v1 API and older clients: "klar" is ready, "kladde" is draft. */
const LEGACY: Readonly<Record<string, WireStatus>> = { klar: 'ready', kladde: 'draft' };

/**
 * Maps the legacy names (any case) to the current ones; any other value is returned as given.
 * normalizeLegacyStatus('klar') === 'ready', normalizeLegacyStatus('kladde') === 'draft'.
 */
export function normalizeLegacyStatus(status: string): string {
  return LEGACY[status.trim().toLowerCase()] ?? status;
}

/** The v1 names: draft → "kladde", ready → "klar"; other statuses keep their names. */
export function toLegacyStatus(status: string): string {
  if (status === 'draft') return 'kladde';
  if (status === 'ready') return 'klar';
  return status;
}

/**
 * The date as a Date when it is a real date (not missing, not NO_DATE, not unparsable).
 * Dates without a zone ("2026-12-01T00:00:00") are read as local time, as the browser does.
 */
export function parseFutureDate(futureApprovedDate: string | null | undefined): Date | null {
  if (!futureApprovedDate) return null;
  const text = futureApprovedDate.trim();
  if (text === '' || text.startsWith('0001-01-01')) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** True when the approval starts later than `now` (an approval whose date has come is plain approved). */
export function hasFutureApproval(
  futureApprovedDate: string | null | undefined,
  now: Date = new Date(),
): boolean {
  const date = parseFutureDate(futureApprovedDate);
  return date !== null && date.getTime() > now.getTime();
}

/**
 * The status the UI shows (docs/product.md 4): draft with isCalculated is calculated; approved with a
 * future date that is still in the future is approvedFuture; a missing status is notStarted.
 * Legacy names are understood; an unknown status is treated as notStarted.
 */
export function displayStatus(
  status: string | null | undefined,
  isCalculated: boolean,
  futureApprovedDate: string | null | undefined,
  now: Date = new Date(),
): DisplayStatus {
  const normalized = status ? normalizeLegacyStatus(status) : 'notStarted';
  if (normalized === 'calculated') return 'calculated';
  if (!WIRE_STATUSES.includes(normalized)) return 'notStarted';
  if (normalized === 'draft') return isCalculated ? 'calculated' : 'draft';
  if (normalized === 'approved')
    return hasFutureApproval(futureApprovedDate, now) ? 'approvedFuture' : 'approved';
  return normalized as DisplayStatus;
}

/** Answers are editable only when the status is draft (calculated included) or rejected. */
export function isEditableStatus(status: string | null | undefined): boolean {
  const normalized = status ? normalizeLegacyStatus(status) : '';
  return normalized === 'draft' || normalized === 'calculated' || normalized === 'rejected';
}

/** docs/product.md 4: locked unless the status is draft or rejected and the user has write access. */
export function isLocked(status: string | null | undefined, hasWriteAccess: boolean): boolean {
  return !(hasWriteAccess && isEditableStatus(status));
}
