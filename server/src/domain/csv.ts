/**
 * CSV for Danish Excel (docs/api.md "Extensions", export): semicolons between fields, decimal
 * commas, dates as dd-mm-yyyy, lines ended by CRLF, and UTF-8 with a byte order mark, without
 * which Excel reads æøå as two letters each.
 */

export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';

export type CsvCell = string | number | null;

/**
 * One field: quoted when it holds a separator, a quote or a line break (a quote doubled). A text
 * that a spreadsheet would run as a formula (=, +, -, @, a tab or a carriage return first) gets a
 * leading apostrophe, so that an address or a name never becomes a formula (OWASP "CSV
 * injection"). Numbers are written with a decimal comma.
 */
export function csvField(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return decimalComma(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: readonly CsvCell[]): string =>
  `${cells.map(csvField).join(CSV_SEPARATOR)}\r\n`;

/** A number as Danish writes it: 79,3 (no thousands separator: Excel reads it as a number). */
export function decimalComma(value: number, digits?: number): string {
  const text = digits === undefined ? String(value) : value.toFixed(digits);
  return text.replace('.', ',');
}

const dayFormat = new Intl.DateTimeFormat('da-DK', {
  timeZone: 'Europe/Copenhagen',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** dd-mm-yyyy of the instant in Copenhagen; '' for none. */
export function csvDate(instant: Date | string | null): string {
  if (instant === null) return '';
  const parts = Object.fromEntries(dayFormat.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  return `${parts.day}-${parts.month}-${parts.year}`;
}
