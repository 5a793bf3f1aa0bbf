/**
 * Calendar dates of approvals (docs/architecture.md 3): a validFrom is a date in Copenhagen.
 * It is stored as the instant that day begins there, so an approval from a future date turns
 * into a plain approval at local midnight, and the client (which formats in local time)
 * shows the date that was asked for.
 */

const ZONE = 'Europe/Copenhagen';
const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** YYYY-MM-DD of the instant in Copenhagen. */
export function copenhagenDate(instant: Date): string {
  return dayFormat.format(instant);
}

/** A real calendar date YYYY-MM-DD (2026-02-30 is not), from 1900 on. */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 1900 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const VALID_FROM = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * The Copenhagen calendar date a finishassessments `validFrom` means (docs/api.md "Jobs"), or
 * null when it is no real date and time:
 * - `2026-12-01`: that date;
 * - a date-time with an offset, as the app sends it (`2026-12-01T00:00:00+01:00`: midnight of
 *   the chosen day with the local offset), or without one: the date as written, the calendar
 *   date in that offset;
 * - a UTC date-time (`2026-11-30T23:00:00.000Z`, what `Date.toISOString()` gives for
 *   Copenhagen's midnight): the date of that instant in Copenhagen, here 2026-12-01.
 */
export function validFromDate(text: string): string | null {
  const match = VALID_FROM.exec(text);
  if (!match || !isCalendarDate(match[1]!)) return null;
  const [, date, hours, minutes, seconds, zone] = match;
  if (hours === undefined) return date!;
  if (Number(hours) > 23 || Number(minutes) > 59 || Number(seconds ?? 0) > 59) return null;
  if (zone === undefined) return date!;
  if (zone !== 'Z') {
    const offset = zone.replace(':', '');
    return Number(offset.slice(1, 3)) <= 23 && Number(offset.slice(3)) <= 59 ? date! : null;
  }
  return copenhagenDate(new Date(`${date}T${hours}:${minutes}:${seconds ?? '00'}Z`));
}

/** The offset of Copenhagen from UTC at the instant, in ms (+1 h or +2 h). */
function offsetAt(instant: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const local = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return local - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant the Copenhagen day begins. Daylight saving changes at 01:00 UTC, never between
 * local midnight and UTC midnight, so the offset at UTC midnight is the one of local midnight.
 */
export function copenhagenMidnight(date: string): Date {
  const utcMidnight = new Date(`${date}T00:00:00Z`);
  return new Date(utcMidnight.getTime() - offsetAt(utcMidnight));
}
