/**
 * The street-number filter of docs/product.md 5: a comma list of numbers and ranges such as
 * "1,3,5-10,14". A number matches a street number with optional trailing letters
 * ("12" and "12A" both match 12); anything that is not a number or a range matches the
 * street number as text, case-insensitively ("12a", "b").
 */

export type NumberRangePart =
  | { kind: 'number'; value: number }
  | { kind: 'range'; from: number; to: number }
  | { kind: 'text'; value: string };

export function parseNumberRange(input: string): NumberRangePart[] {
  const parts: NumberRangePart[] = [];
  for (const raw of input.split(',')) {
    const part = raw.trim();
    if (part === '') continue;
    const range = /^(\d+)\s*-\s*(\d+)$/.exec(part);
    if (range) {
      const a = Number(range[1]);
      const b = Number(range[2]);
      parts.push({ kind: 'range', from: Math.min(a, b), to: Math.max(a, b) });
    } else if (/^\d+$/.test(part)) {
      parts.push({ kind: 'number', value: Number(part) });
    } else {
      parts.push({ kind: 'text', value: part.toLocaleLowerCase('da') });
    }
  }
  return parts;
}

/** The numeric part of a street number: "12A" -> 12; null when it does not start with digits. */
export function streetNumberValue(streetNumber: string): number | null {
  const match = /^\s*(\d+)/.exec(streetNumber);
  return match ? Number(match[1]) : null;
}

export function matchesNumberRange(streetNumber: string, parts: readonly NumberRangePart[]): boolean {
  if (parts.length === 0) return true;
  const value = streetNumberValue(streetNumber);
  const text = streetNumber.toLocaleLowerCase('da');
  return parts.some((part) => {
    switch (part.kind) {
      case 'number':
        return value === part.value;
      case 'range':
        return value !== null && value >= part.from && value <= part.to;
      case 'text':
        return text.includes(part.value);
    }
  });
}
