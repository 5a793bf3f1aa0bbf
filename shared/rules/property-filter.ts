import { matchesNumberRange, parseNumberRange } from './number-range';

/** The per-column filters of the property list (docs/product.md 2 and 5). Empty strings filter nothing. */
export interface PropertyFilters {
  streetName: string;
  streetNumber: string;
  floor: string;
  door: string;
  zipCode: string;
  /** A display status, or '' for all. */
  status: string;
}

export const NO_FILTERS: PropertyFilters = {
  streetName: '',
  streetNumber: '',
  floor: '',
  door: '',
  zipCode: '',
  status: '',
};

export interface FilterableProperty {
  streetName: string;
  streetNumber: string;
  floorNumber: string | null;
  doorCode: string | null;
  zipCode: string;
  displayStatus: string;
}

/**
 * A row's filter fields in the form the filters compare them: lower case, built once per data
 * set, so that a keystroke only compares strings (docs/performance.md, "The big list").
 */
export interface PropertySearchKey {
  street: string;
  streetNumber: string;
  floor: string;
  door: string;
  zipCode: string;
  status: string;
}

/**
 * Danish lower case. Danish has no case rules of its own (only Turkish, Azeri and Lithuanian
 * do), so the locale-free mapping gives the same letters, æøå included, some sixty times
 * faster than `toLocaleLowerCase('da')`: the big list builds thousands of keys on first render.
 */
const lower = (value: string | null) => (value ?? '').toLowerCase();

export function propertySearchKey(row: FilterableProperty): PropertySearchKey {
  return {
    street: lower(row.streetName),
    streetNumber: row.streetNumber,
    floor: lower(row.floorNumber),
    door: lower(row.doorCode),
    zipCode: row.zipCode,
    status: row.displayStatus,
  };
}

/** A filter function built once per filter change, then run on every row's search key. */
export function propertyFilter(filters: PropertyFilters): (key: PropertySearchKey) => boolean {
  const street = lower(filters.streetName.trim());
  const numbers = parseNumberRange(filters.streetNumber);
  // Floors match exactly ("1" must not match "11"); "st" and "kl" as written.
  const floor = lower(filters.floor.trim());
  const floorValue = floor.replace(/\.$/, '');
  const door = lower(filters.door.trim());
  const zip = filters.zipCode.trim();
  const status = filters.status;
  // A department repeats the same few street numbers over many rows; the number rule (a
  // pattern and a Danish lower-casing) runs once per distinct number of a filter run.
  const numberMatches = new Map<string, boolean>();
  const matchesNumber = (streetNumber: string) => {
    let match = numberMatches.get(streetNumber);
    if (match === undefined) {
      match = matchesNumberRange(streetNumber, numbers);
      numberMatches.set(streetNumber, match);
    }
    return match;
  };
  return (key) =>
    (street === '' || key.street.includes(street)) &&
    (numbers.length === 0 || matchesNumber(key.streetNumber)) &&
    (floor === '' || key.floor === floorValue) &&
    (door === '' || key.door.includes(door)) &&
    (zip === '' || key.zipCode.startsWith(zip)) &&
    (status === '' || key.status === status);
}

export function hasFilters(filters: PropertyFilters): boolean {
  return Object.values(filters).some((v) => v.trim() !== '');
}
