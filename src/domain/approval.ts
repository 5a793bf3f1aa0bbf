import { isEditableStatus } from '../../shared/rules/statuses';

/**
 * Approving one assessment (docs/product.md 2 "The results page", 4 and 5): who may, from which
 * day, and what date the server is sent.
 */

/**
 * docs/product.md 2 and 4: Approve now and Approve in future are offered to a write user for a
 * draft (calculated included) or rejected assessment with no required question unanswered.
 */
export function canApprove(input: {
  status: string | null | undefined;
  canWrite: boolean;
  missingCount: number;
}): boolean {
  return input.canWrite && input.missingCount === 0 && isEditableStatus(input.status);
}

/** The first day the date picker offers: tomorrow (today is Approve now). As YYYY-MM-DD, local time. */
export function firstFutureDay(now: Date = new Date()): string {
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return localDay(tomorrow);
}

/** A YYYY-MM-DD day may be chosen when it is tomorrow or later. */
export function isSelectableDay(day: string, now: Date = new Date()): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && day >= firstFutureDay(now);
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function localDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The instant as ISO with the local offset: "2026-12-01T00:00:00+01:00". */
function localIso(instant: Date): string {
  const offset = -instant.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  return (
    `${localDay(instant)}T${pad(instant.getHours())}:${pad(instant.getMinutes())}:${pad(instant.getSeconds())}` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

/**
 * docs/product.md 5: a future date is sent as an ISO string with the local time offset, midnight
 * of the chosen day ("2026-12-01T00:00:00+01:00"). The offset is that of the chosen day, so a
 * day after the switch to summer time carries +02:00.
 */
export function futureValidFrom(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return localIso(new Date(year, month - 1, date));
}

/**
 * Approve now: the moment of the click, with the local offset too, so that its date is today's
 * here (the server takes the calendar date of validFrom; UTC would say yesterday just after
 * local midnight).
 */
export function nowValidFrom(now: Date = new Date()): string {
  return localIso(now);
}
