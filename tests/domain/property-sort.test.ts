import { describe, expect, it } from 'vitest';
import { floorValue, sortAddresses } from '../../src/domain/property-sort';

const a = (
  streetName: string,
  streetNumber: string,
  floorNumber: string | null = null,
  doorCode: string | null = null,
) => ({
  streetName,
  streetNumber,
  floorNumber,
  doorCode,
});

describe('the sort rule of search results (spec 5)', () => {
  it('sorts by street, number numerically, number text, then floor with st as 0', () => {
    const sorted = sortAddresses([
      a('Skovvej', '10', '1'),
      a('Birkevej', '2'),
      a('Skovvej', '2', '1', 'th'),
      a('Skovvej', '2', 'st', 'tv'),
      a('Skovvej', '12A', 'st'),
      a('Skovvej', '12', '2'),
      a('Skovvej', '2', 'kl'),
      a('Åvej', '1'),
      a('Ærøvej', '1'),
    ]);
    expect(sorted.map((x) => `${x.streetName} ${x.streetNumber} ${x.floorNumber ?? ''}`.trim())).toEqual([
      'Birkevej 2',
      'Skovvej 2 kl',
      'Skovvej 2 st',
      'Skovvej 2 1',
      'Skovvej 10 1',
      'Skovvej 12 2',
      'Skovvej 12A st',
      'Ærøvej 1',
      'Åvej 1',
    ]);
  });

  it('counts st as floor 0 and kl below it', () => {
    expect(floorValue('st')).toBe(0);
    expect(floorValue('kl')).toBeLessThan(0);
    expect(floorValue('3')).toBe(3);
  });
});
