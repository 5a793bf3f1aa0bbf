import { streetNumberValue } from './number-range';

/**
 * The location text of a residence (docs/product.md 3: "a derived location text made from street,
 * number, floor, door code and zip code"), its search key, and the address order of docs/product.md 5.
 *
 * Format, as in a Danish address line:
 *
 *   "<streetName> <streetNumber>[, <floor>[ <door>]], <zipCode>[ <town>]"
 *
 *   - floor: "st" → "st.", "kl" → "kl.", a number → "2."; anything else as given.
 *   - door: "tv", "th", "mf" → "tv.", "th.", "mf."; anything else ("3", "a") as given.
 *   - floor and door share one part; a door without a floor still gets its part ("Skovvej 3, tv., 8210").
 *   - no floor and no door (row houses): "Skovvej 3, 8210".
 *   - the town follows the zip code when given: "Solsikkevej 12A, st. tv., 8220 Brabrand".
 *
 * Parts are trimmed; a trailing full stop in a floor or door ("st.") is not doubled; empty
 * parts count as missing; floor and door abbreviations are written in lower case.
 *
 * Examples: "Solsikkevej 12A, st. tv., 8220", "Skovvej 3, 2. th., 8210", "Skovvej 3, 8210",
 * "Mågevej 7, 1. 4, 2400 København NV".
 */

export interface LocationParts {
  streetName: string;
  streetNumber: string;
  floorNumber?: string | null;
  doorCode?: string | null;
  zipCode: string;
  town?: string | null;
}

const clean = (value: string | null | undefined): string => (value ?? '').trim();

/** "st" / "kl" / "2" without a trailing full stop, lower-cased letters; '' when missing. */
const bare = (value: string | null | undefined): string => clean(value).replace(/\.+$/, '').trim();

export function floorText(floor: string | null | undefined): string {
  const value = bare(floor);
  const lower = value.toLowerCase();
  if (lower === 'st' || lower === 'kl') return `${lower}.`;
  if (/^\d+$/.test(value)) return `${value}.`;
  return value;
}

export function doorText(door: string | null | undefined): string {
  const value = bare(door);
  const lower = value.toLowerCase();
  if (lower === 'tv' || lower === 'th' || lower === 'mf') return `${lower}.`;
  return value;
}

export function locationText(parts: LocationParts): string {
  const street = [clean(parts.streetName), clean(parts.streetNumber)].filter(Boolean).join(' ');
  const unit = [floorText(parts.floorNumber), doorText(parts.doorCode)].filter(Boolean).join(' ');
  const place = [clean(parts.zipCode), clean(parts.town)].filter(Boolean).join(' ');
  return [street, unit, place].filter(Boolean).join(', ');
}

/**
 * The form in which a search query and a location text are compared: lower case (Danish
 * letters included), full stops and commas as spaces, runs of white space as one space.
 * "Skovvej 12A, st. tv., 8220 Brabrand" → "skovvej 12a st tv 8220 brabrand", so "skovvej 12a st tv"
 * and "Skovvej 12A, st. tv." both find it, and "skovvej 1" finds Skovvej 1, 10, 12A…
 */
export function searchKey(text: string): string {
  return text.toLocaleLowerCase('da').replace(/[.,]/g, ' ').replace(/\s+/g, ' ').trim();
}

// ---------------------------------------------------------------------------------------------
// Address order (docs/product.md 5): street name, street number numerically, number text, floor (st = 0,
// kl = -1), door.
// ---------------------------------------------------------------------------------------------

export interface AddressSortParts {
  streetName: string;
  streetNumber: string;
  floorNumber?: string | null;
  doorCode?: string | null;
}

/** Danish alphabetical order (æ, ø, å last), numbers inside text in numeric order. */
const collator = new Intl.Collator('da', { numeric: true, sensitivity: 'base' });

/** Danish alphabetical comparison of two names ("Afd. 4" before "Afd. 11"). */
export function compareNames(a: string, b: string): number {
  return collator.compare(a, b);
}

/** The leading number of a street number ("12A" → 12); Infinity (last) when it has none. */
const numberRank = (streetNumber: string) => streetNumberValue(streetNumber) ?? Number.POSITIVE_INFINITY;

/** Floor rank: kl = -1, st (and no floor) = 0, numbers as themselves, other text after all numbers. */
export function floorRank(floor: string | null | undefined): number {
  const value = bare(floor).toLowerCase();
  if (value === '' || value === 'st') return 0;
  if (value === 'kl') return -1;
  if (/^-?\d+$/.test(value)) return Number(value);
  return Number.MAX_SAFE_INTEGER;
}

/** Door rank: none first, then tv, mf, th, then numbered doors in numeric order, then other text. */
function doorRank(door: string | null | undefined): [number, number] {
  const value = bare(door).toLowerCase();
  if (value === '') return [0, 0];
  const side = ['tv', 'mf', 'th'].indexOf(value);
  if (side >= 0) return [1, side];
  if (/^\d+$/.test(value)) return [2, Number(value)];
  return [3, 0];
}

export function compareAddresses(a: AddressSortParts, b: AddressSortParts): number {
  const [doorA, doorB] = [doorRank(a.doorCode), doorRank(b.doorCode)];
  return (
    collator.compare(a.streetName, b.streetName) ||
    numberRank(a.streetNumber) - numberRank(b.streetNumber) ||
    collator.compare(a.streetNumber, b.streetNumber) ||
    floorRank(a.floorNumber) - floorRank(b.floorNumber) ||
    collator.compare(bare(a.floorNumber), bare(b.floorNumber)) ||
    doorA[0] - doorB[0] ||
    doorA[1] - doorB[1] ||
    collator.compare(bare(a.doorCode), bare(b.doorCode))
  );
}

/** docs/product.md 3: a search result without a residenceId carries the value "invalid" (never a link). */
export const INVALID_RESIDENCE_ID = 'invalid';

export function withResidenceId<T extends { residenceId?: string | null }>(
  result: T,
): Omit<T, 'residenceId'> & { residenceId: string } {
  const id = typeof result.residenceId === 'string' ? result.residenceId.trim() : '';
  return { ...result, residenceId: id === '' ? INVALID_RESIDENCE_ID : id };
}
