import { describe, expect, it } from 'vitest';
import {
  hasFilters,
  NO_FILTERS,
  propertyFilter,
  propertySearchKey,
  type FilterableProperty,
  type PropertyFilters,
} from '../../shared/rules/property-filter';

const row = (over: Partial<FilterableProperty>): FilterableProperty => ({
  streetName: 'Skovvej',
  streetNumber: '12',
  floorNumber: 'st',
  doorCode: 'tv',
  zipCode: '8220',
  displayStatus: 'draft',
  ...over,
});

const matches = (filters: Partial<PropertyFilters>, over: Partial<FilterableProperty>) =>
  propertyFilter({ ...NO_FILTERS, ...filters })(propertySearchKey(row(over)));

describe('the property list filters', () => {
  it('keeps everything without filters', () => {
    expect(matches({}, {})).toBe(true);
    expect(matches({}, { floorNumber: null, doorCode: null })).toBe(true);
    expect(hasFilters(NO_FILTERS)).toBe(false);
  });

  it('filters street case-insensitively with Danish letters', () => {
    expect(matches({ streetName: 'ÆBLE' }, { streetName: 'Æblehaven' })).toBe(true);
    expect(matches({ streetName: ' æble ' }, { streetName: 'Store Æblevej' })).toBe(true);
    expect(matches({ streetName: 'ÆBLE' }, { streetName: 'Skovvej' })).toBe(false);
  });

  it('filters numbers by range with letters', () => {
    expect(matches({ streetNumber: '1,3,5-10,14' }, { streetNumber: '7B' })).toBe(true);
    expect(matches({ streetNumber: '1,3,5-10,14' }, { streetNumber: '11' })).toBe(false);
    expect(matches({ streetNumber: '7b' }, { streetNumber: '7B' })).toBe(true);
  });

  it('filters floor exactly, door, zip code prefix and status', () => {
    expect(matches({ floor: '1' }, { floorNumber: '11' })).toBe(false);
    expect(matches({ floor: 'st.' }, { floorNumber: 'st' })).toBe(true);
    expect(matches({ floor: 'ST' }, { floorNumber: 'st' })).toBe(true);
    // A lone "." is a floor filter that no written floor equals, only a missing one.
    expect(matches({ floor: '.' }, { floorNumber: 'st' })).toBe(false);
    expect(matches({ floor: '.' }, { floorNumber: null })).toBe(true);
    expect(matches({ door: 'TH' }, { doorCode: 'th' })).toBe(true);
    expect(matches({ door: 'th' }, { doorCode: null })).toBe(false);
    expect(matches({ zipCode: '82' }, {})).toBe(true);
    expect(matches({ zipCode: '5' }, {})).toBe(false);
    expect(matches({ status: 'approved' }, {})).toBe(false);
    expect(matches({ status: 'draft' }, {})).toBe(true);
  });

  it('combines filters: a row must pass all of them', () => {
    expect(matches({ streetName: 'skov', door: 'tv' }, {})).toBe(true);
    expect(matches({ streetName: 'skov', door: 'th' }, {})).toBe(false);
  });

  it('compares only the search key, which holds the lower-cased fields', () => {
    const key = propertySearchKey(row({ streetName: 'ÅBYVEJ', doorCode: 'MF', floorNumber: 'ST' }));
    expect(key).toMatchObject({ street: 'åbyvej', door: 'mf', floor: 'st' });
    expect(propertyFilter({ ...NO_FILTERS, streetName: 'åby', door: 'mf', floor: 'st' })(key)).toBe(true);
  });
});

describe('a filter run over many rows', () => {
  it('judges each row by its own street number, however often a number repeats', () => {
    const filter = propertyFilter({ ...NO_FILTERS, streetNumber: '3-5,7b' });
    const numbers = ['1', '3', '7B', '3', '12', '7', '5A', '1', '7b', '3'];
    expect(numbers.map((n) => filter(propertySearchKey(row({ streetNumber: n }))))).toEqual([
      false,
      true,
      true,
      true,
      false,
      false,
      true,
      false,
      true,
      true,
    ]);
  });

  it('lower-cases as Danish does, æ, ø and å included', () => {
    const key = propertySearchKey(row({ streetName: 'ØSTER ÅLLÉ', doorCode: 'Æ' }));
    expect(key).toMatchObject({ street: 'øster ållé', door: 'æ' });
    expect(key.street).toBe('ØSTER ÅLLÉ'.toLocaleLowerCase('da'));
    expect(propertyFilter({ ...NO_FILTERS, streetName: 'ÅLL', door: 'æ' })(key)).toBe(true);
  });
});
