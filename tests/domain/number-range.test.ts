import { describe, expect, it } from 'vitest';
import { matchesNumberRange, parseNumberRange, streetNumberValue } from '../../shared/rules/number-range';

const matches = (filter: string, streetNumber: string) =>
  matchesNumberRange(streetNumber, parseNumberRange(filter));

describe('the street-number filter (docs/product.md 5)', () => {
  it('matches single numbers and ranges of "1,3,5-10,14"', () => {
    const hits = ['1', '2', '3', '4', '5', '7', '10', '11', '14', '15'].filter((n) =>
      matches('1,3,5-10,14', n),
    );
    expect(hits).toEqual(['1', '3', '5', '7', '10', '14']);
  });

  it('matches street numbers with trailing letters by their number', () => {
    expect(matches('12', '12A')).toBe(true);
    expect(matches('5-10', '7B')).toBe(true);
    expect(matches('12', '120')).toBe(false);
    expect(matches('12', '1')).toBe(false);
  });

  it('matches text case-insensitively', () => {
    expect(matches('12a', '12A')).toBe(true);
    expect(matches('b', '7B')).toBe(true);
    expect(matches('12a', '12B')).toBe(false);
  });

  it('accepts spaces, reversed ranges and empty parts; an empty filter matches everything', () => {
    expect(matches(' 3 , 10 - 5 ,, ', '7')).toBe(true);
    expect(matches('', '99')).toBe(true);
    expect(matches(' , ', '99')).toBe(true);
  });

  it('reads the number of a street number', () => {
    expect(streetNumberValue('131B')).toBe(131);
    expect(streetNumberValue('B7')).toBeNull();
  });
});
