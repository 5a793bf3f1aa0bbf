import { describe, expect, it } from 'vitest';
import { parseCoordinates, sharedCoordinates } from '../../src/domain/coordinates';

describe('a place written in a URL', () => {
  it('takes numbers and numeric text', () => {
    expect(parseCoordinates(56.1565, '10.1096')).toEqual({ latitude: 56.1565, longitude: 10.1096 });
    expect(parseCoordinates('-33.9', ' 151.2 ')).toEqual({ latitude: -33.9, longitude: 151.2 });
  });

  it('refuses a missing, non-numeric or off-the-globe part', () => {
    for (const [lat, lng] of [
      [undefined, 10],
      [56, ''],
      ['x', 10],
      [56, 'NaN'],
      [91, 10],
      [56, -180.5],
      [Infinity, 0],
      [{}, 0],
    ])
      expect(parseCoordinates(lat, lng)).toBeNull();
  });

  it('is shared with five decimals', () => {
    expect(sharedCoordinates({ latitude: 56.156512345, longitude: 10.10963 })).toEqual({
      latitude: 56.15651,
      longitude: 10.10963,
    });
  });
});
