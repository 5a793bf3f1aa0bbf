import { streetNumberValue } from './number-range';

/**
 * Spec 5: search results sort by street name, then street number numerically, then the
 * number's text (12 before 12A before 12B), then floor, where "st" counts as 0 (and "kl",
 * the basement, as -1).
 */
export interface SortableAddress {
  streetName: string;
  streetNumber: string;
  floorNumber: string | null;
  doorCode?: string | null;
}

export function floorValue(floor: string | null): number {
  if (floor === null || floor === '') return -2;
  const f = floor.trim().toLowerCase();
  if (f === 'st' || f === 'st.') return 0;
  if (f === 'kl' || f === 'kl.') return -1;
  const n = Number.parseInt(f, 10);
  return Number.isNaN(n) ? 999 : n;
}

const collator = new Intl.Collator('da', { sensitivity: 'base', numeric: true });

export function compareAddresses(a: SortableAddress, b: SortableAddress): number {
  return (
    collator.compare(a.streetName, b.streetName) ||
    (streetNumberValue(a.streetNumber) ?? Infinity) - (streetNumberValue(b.streetNumber) ?? Infinity) ||
    collator.compare(a.streetNumber, b.streetNumber) ||
    floorValue(a.floorNumber) - floorValue(b.floorNumber) ||
    collator.compare(a.doorCode ?? '', b.doorCode ?? '')
  );
}

export function sortAddresses<T extends SortableAddress>(items: readonly T[]): T[] {
  return [...items].sort(compareAddresses);
}
