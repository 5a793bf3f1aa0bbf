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

const contains = (value: string | null, needle: string) =>
  needle === '' || (value ?? '').toLocaleLowerCase('da').includes(needle);

/** A filter function built once per filter change, then run on every row. */
export function propertyFilter(filters: PropertyFilters): (row: FilterableProperty) => boolean {
  const street = filters.streetName.trim().toLocaleLowerCase('da');
  const numbers = parseNumberRange(filters.streetNumber);
  const floor = filters.floor.trim().toLocaleLowerCase('da');
  const door = filters.door.trim().toLocaleLowerCase('da');
  const zip = filters.zipCode.trim();
  const status = filters.status;
  return (row) =>
    contains(row.streetName, street) &&
    matchesNumberRange(row.streetNumber, numbers) &&
    // Floors match exactly ("1" must not match "11"); "st" and "kl" as written.
    (floor === '' || (row.floorNumber ?? '').toLocaleLowerCase('da') === floor.replace(/\.$/, '')) &&
    contains(row.doorCode, door) &&
    (zip === '' || row.zipCode.startsWith(zip)) &&
    (status === '' || row.displayStatus === status);
}

export function hasFilters(filters: PropertyFilters): boolean {
  return Object.values(filters).some((v) => v.trim() !== '');
}
