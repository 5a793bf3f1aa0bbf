import { streetNumberValue } from '../../shared/rules/number-range';
import { describe, expect, it } from 'vitest';
import {
  compareAddresses,
  compareNames,
  floorRank,
  locationText,
  searchKey,
  type AddressSortParts,
} from '../../shared/rules/location';

describe('locationText', () => {
  it.each([
    [
      { streetName: 'Solsikkevej', streetNumber: '12A', floorNumber: 'st', doorCode: 'tv', zipCode: '8220' },
      'Solsikkevej 12A, st. tv., 8220',
    ],
    [
      { streetName: 'Skovvej', streetNumber: '3', floorNumber: '2', doorCode: 'th', zipCode: '8210' },
      'Skovvej 3, 2. th., 8210',
    ],
    [
      { streetName: 'Skovvej', streetNumber: '3', floorNumber: 'kl', doorCode: 'mf', zipCode: '8210' },
      'Skovvej 3, kl. mf., 8210',
    ],
    [
      { streetName: 'Skovvej', streetNumber: '3', floorNumber: null, doorCode: null, zipCode: '8210' },
      'Skovvej 3, 8210',
    ],
    [{ streetName: 'Skovvej', streetNumber: '3', zipCode: '8210' }, 'Skovvej 3, 8210'],
    [
      { streetName: 'Mågevej', streetNumber: '7', floorNumber: '1', doorCode: '4', zipCode: '2400' },
      'Mågevej 7, 1. 4, 2400',
    ],
    [
      { streetName: 'Skovvej', streetNumber: '3', floorNumber: '2', doorCode: null, zipCode: '8210' },
      'Skovvej 3, 2., 8210',
    ],
    [
      { streetName: 'Skovvej', streetNumber: '3', floorNumber: null, doorCode: 'tv', zipCode: '8210' },
      'Skovvej 3, tv., 8210',
    ],
  ])('writes %o as %s', (parts, expected) => {
    expect(locationText(parts)).toBe(expected);
  });

  it('puts the town after the zip code when given', () => {
    expect(
      locationText({
        streetName: 'Solsikkevej',
        streetNumber: '12A',
        floorNumber: 'st',
        doorCode: 'tv',
        zipCode: '8220',
        town: 'Brabrand',
      }),
    ).toBe('Solsikkevej 12A, st. tv., 8220 Brabrand');
    expect(locationText({ streetName: 'Skovvej', streetNumber: '3', zipCode: '8210', town: '' })).toBe(
      'Skovvej 3, 8210',
    );
  });

  it('trims parts, treats empty ones as missing, lower-cases abbreviations and never doubles a full stop', () => {
    expect(
      locationText({
        streetName: ' Skovvej ',
        streetNumber: ' 3 ',
        floorNumber: 'St.',
        doorCode: 'TH',
        zipCode: '8210 ',
      }),
    ).toBe('Skovvej 3, st. th., 8210');
    expect(
      locationText({
        streetName: 'Skovvej',
        streetNumber: '3',
        floorNumber: '',
        doorCode: '  ',
        zipCode: '8210',
      }),
    ).toBe('Skovvej 3, 8210');
    expect(
      locationText({
        streetName: 'Skovvej',
        streetNumber: '3',
        floorNumber: '2.',
        doorCode: 'a',
        zipCode: '8210',
      }),
    ).toBe('Skovvej 3, 2. a, 8210');
  });
});

describe('searchKey', () => {
  it('lower-cases Danish letters and turns punctuation into single spaces', () => {
    expect(searchKey('Ærtebjergvej 12A, st. tv., 8220 Brabrand')).toBe(
      'ærtebjergvej 12a st tv 8220 brabrand',
    );
    expect(searchKey('  ØSTERVANG   2.TH ')).toBe('østervang 2 th');
    expect(searchKey('Åbakken')).toBe(searchKey('åBAKKEN'));
  });

  it('lets "street number" prefixes and written-out locations find a residence', () => {
    const key = searchKey(
      locationText({
        streetName: 'Skovvej',
        streetNumber: '12A',
        floorNumber: 'st',
        doorCode: 'tv',
        zipCode: '8220',
        town: 'Brabrand',
      }),
    );
    for (const query of [
      'skovvej 1',
      'Skovvej 12',
      'SKOVVEJ 12A',
      'skovvej 12a, st. tv.',
      'skovvej 12a st tv',
      '8220 brabrand',
      'brab',
    ]) {
      expect(key.includes(searchKey(query)), query).toBe(true);
    }
    expect(key.includes(searchKey('skovvej 2'))).toBe(false);
  });
});

describe('address order (docs/product.md 5)', () => {
  const a = (
    streetName: string,
    streetNumber: string,
    floorNumber: string | null = null,
    doorCode: string | null = null,
  ): AddressSortParts => ({
    streetName,
    streetNumber,
    floorNumber,
    doorCode,
  });
  const text = (p: AddressSortParts) =>
    [p.streetName, p.streetNumber, p.floorNumber, p.doorCode].filter(Boolean).join(' ');

  it('sorts by street name (Danish alphabet), number numerically, number text, floor (kl, st, 1...), door', () => {
    const sorted = [
      a('Åbakken', '1'),
      a('Skovvej', '10'),
      a('Skovvej', '2', '1', 'tv'),
      a('Skovvej', '2', 'st', 'th'),
      a('Skovvej', '2', 'st', 'tv'),
      a('Skovvej', '2', 'kl', 'th'),
      a('Skovvej', '2B'),
      a('Skovvej', '2A'),
      a('Ærtevej', '1'),
      a('Birkevej', '5'),
      a('Skovvej', '2', 'st', 'mf'),
      a('Skovvej', '2', '10', 'tv'),
      a('Skovvej', '2', '2', '3'),
      a('Skovvej', '2', '2', '12'),
    ].sort(compareAddresses);
    expect(sorted.map(text)).toEqual([
      'Birkevej 5',
      'Skovvej 2 kl th',
      'Skovvej 2 st tv',
      'Skovvej 2 st mf',
      'Skovvej 2 st th',
      'Skovvej 2 1 tv',
      'Skovvej 2 2 3',
      'Skovvej 2 2 12',
      'Skovvej 2 10 tv',
      'Skovvej 2A',
      'Skovvej 2B',
      'Skovvej 10',
      'Ærtevej 1',
      'Åbakken 1',
    ]);
  });

  it('ranks floors: kl = -1, st and none = 0, numbers as numbers, other text last', () => {
    expect([floorRank('kl'), floorRank('st'), floorRank(null), floorRank('3'), floorRank('St.')]).toEqual([
      -1, 0, 0, 3, 0,
    ]);
    expect(floorRank('loft')).toBeGreaterThan(floorRank('99'));
  });

  it('reads the leading number of a street number', () => {
    expect(streetNumberValue('12A')).toBe(12);
    expect(streetNumberValue('7')).toBe(7);
    expect(streetNumberValue('B')).toBeNull();
  });

  it('compares names in Danish order with numbers in numeric order', () => {
    expect(['Afd. 11 Engparken', 'Afd. 4 Lyngbakkeparken', 'Afd. 7 Solbakken'].sort(compareNames)).toEqual([
      'Afd. 4 Lyngbakkeparken',
      'Afd. 7 Solbakken',
      'Afd. 11 Engparken',
    ]);
    expect(['Østervang', 'Åvænget', 'Ærtevej', 'Zebravej'].sort(compareNames)).toEqual([
      'Zebravej',
      'Ærtevej',
      'Østervang',
      'Åvænget',
    ]);
  });
});

describe('a search result without a residence id (docs/product.md 3)', () => {
  it('gets the value invalid, and keeps a real id', async () => {
    const { withResidenceId } = await import('../../shared/rules/location');
    expect(withResidenceId({ residenceId: undefined, streetName: 'Skovvej' }).residenceId).toBe('invalid');
    expect(withResidenceId({ residenceId: null }).residenceId).toBe('invalid');
    expect(withResidenceId({ residenceId: '  ' }).residenceId).toBe('invalid');
    expect(withResidenceId({ residenceId: 'abc' }).residenceId).toBe('abc');
  });
});
