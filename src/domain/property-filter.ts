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
 * A row's filter fields in the form the filters compare them: Danish lower case, built once
 * per data set. Lower-casing with a locale is the costly part of a filter run, and the
 * first use of the Danish locale loads its data: done here, it happens while the list
 * loads rather than on the first keystroke (docs/architecture.md, "The big list").
 */
export interface PropertySearchKey {
  street: string;
  streetNumber: string;
  floor: string;
  door: string;
  zipCode: string;
  status: string;
}

const lower = (value: string | null) => (value ?? '').toLocaleLowerCase('da');

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
  const street = filters.streetName.trim().toLocaleLowerCase('da');
  const numbers = parseNumberRange(filters.streetNumber);
  // Floors match exactly ("1" must not match "11"); "st" and "kl" as written.
  const floor = filters.floor.trim().toLocaleLowerCase('da');
  const floorValue = floor.replace(/\.$/, '');
  const door = filters.door.trim().toLocaleLowerCase('da');
  const zip = filters.zipCode.trim();
  const status = filters.status;
  return (key) =>
    (street === '' || key.street.includes(street)) &&
    matchesNumberRange(key.streetNumber, numbers) &&
    (floor === '' || key.floor === floorValue) &&
    (door === '' || key.door.includes(door)) &&
    (zip === '' || key.zipCode.startsWith(zip)) &&
    (status === '' || key.status === status);
}

export function hasFilters(filters: PropertyFilters): boolean {
  return Object.values(filters).some((v) => v.trim() !== '');
}
