import { describe, expect, it } from 'vitest';
import {
  hasFilters,
  NO_FILTERS,
  propertyFilter,
  type FilterableProperty,
} from '../../src/domain/property-filter';

const row = (over: Partial<FilterableProperty>): FilterableProperty => ({
  streetName: 'Skovvej',
  streetNumber: '12',
  floorNumber: 'st',
  doorCode: 'tv',
  zipCode: '8220',
  displayStatus: 'draft',
  ...over,
});

describe('the property list filters', () => {
  it('keeps everything without filters', () => {
    expect(propertyFilter(NO_FILTERS)(row({}))).toBe(true);
    expect(hasFilters(NO_FILTERS)).toBe(false);
  });

  it('filters street case-insensitively with Danish letters', () => {
    const f = propertyFilter({ ...NO_FILTERS, streetName: 'ÆBLE' });
    expect(f(row({ streetName: 'Æblehaven' }))).toBe(true);
    expect(f(row({ streetName: 'Skovvej' }))).toBe(false);
  });

  it('filters numbers by range with letters', () => {
    const f = propertyFilter({ ...NO_FILTERS, streetNumber: '1,3,5-10,14' });
    expect(f(row({ streetNumber: '7B' }))).toBe(true);
    expect(f(row({ streetNumber: '11' }))).toBe(false);
  });

  it('filters floor exactly, door, zip code prefix and status', () => {
    expect(propertyFilter({ ...NO_FILTERS, floor: '1' })(row({ floorNumber: '11' }))).toBe(false);
    expect(propertyFilter({ ...NO_FILTERS, floor: 'st.' })(row({ floorNumber: 'st' }))).toBe(true);
    expect(propertyFilter({ ...NO_FILTERS, door: 'TH' })(row({ doorCode: 'th' }))).toBe(true);
    expect(propertyFilter({ ...NO_FILTERS, zipCode: '82' })(row({}))).toBe(true);
    expect(propertyFilter({ ...NO_FILTERS, zipCode: '5' })(row({}))).toBe(false);
    expect(propertyFilter({ ...NO_FILTERS, status: 'approved' })(row({}))).toBe(false);
    expect(propertyFilter({ ...NO_FILTERS, status: 'draft' })(row({}))).toBe(true);
  });
});
