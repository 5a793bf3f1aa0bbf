import { describe, expect, it } from 'vitest';
import { haversineMetres } from '../../server/src/domain/geo';
import { boundingBox, containsPattern, longestWord } from '../../server/src/domain/residence-search';

describe('containsPattern', () => {
  it("escapes LIKE's own characters so that they match only themselves", () => {
    expect(containsPattern('skovvej 1')).toBe('%skovvej 1%');
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});

describe('longestWord', () => {
  it('gives the trigram index the longest word, or the whole key when no word has 3 characters', () => {
    expect(longestWord('sønderhøj 1a')).toBe('sønderhøj');
    expect(longestWord('1a sønderhøj 12')).toBe('sønderhøj');
    expect(longestWord('skovvej 12 st tv')).toBe('skovvej');
    expect(longestWord('7700')).toBe('7700');
    expect(longestWord('vej 123')).toBe('vej');
    expect(longestWord('st tv')).toBe('st tv');
    expect(longestWord('1 a')).toBe('1 a');
  });
});

describe('boundingBox', () => {
  /** The point `distance` metres from (lat, lon) in direction `bearing` (radians), on geo.ts's sphere. */
  function destination(lat: number, lon: number, distance: number, bearing: number) {
    const R = 6_371_008.8;
    const [φ1, λ1, δ] = [(lat * Math.PI) / 180, (lon * Math.PI) / 180, distance / R];
    const φ2 = Math.asin(Math.sin(φ1) * Math.cos(δ) + Math.cos(φ1) * Math.sin(δ) * Math.cos(bearing));
    const λ2 =
      λ1 +
      Math.atan2(Math.sin(bearing) * Math.sin(δ) * Math.cos(φ1), Math.cos(δ) - Math.sin(φ1) * Math.sin(φ2));
    return { lat: (φ2 * 180) / Math.PI, lon: (λ2 * 180) / Math.PI };
  }

  it.each([
    [56.15, 10.2, 250],
    [55.1, 14.7, 4_000],
    [57.4, 9.9, 256_000],
    [-33.9, 151.2, 1_000],
  ])('holds every point within the radius of (%f, %f), r = %i m', (lat, lon, radius) => {
    const box = boundingBox(lat, lon, radius);
    for (let i = 0; i < 720; i++) {
      const p = destination(lat, lon, radius * (i % 3 === 0 ? 1 : 0.999), (i / 720) * 2 * Math.PI);
      expect(haversineMetres(lat, lon, p.lat, p.lon)).toBeLessThanOrEqual(radius + 1e-6);
      expect(p.lat >= box.minLatitude && p.lat <= box.maxLatitude, `${i}`).toBe(true);
      expect(p.lon >= box.longitude!.min && p.lon <= box.longitude!.max, `${i}`).toBe(true);
    }
    // And is not much larger than it must be.
    expect(haversineMetres(lat, lon, box.maxLatitude, lon)).toBeLessThan(radius * 1.01 + 1);
  });

  it('drops the longitude bounds when the circle reaches a pole or the date line', () => {
    expect(boundingBox(89.99, 0, 5_000).longitude).toBeNull();
    expect(boundingBox(0, 179.99, 5_000).longitude).toBeNull();
  });
});
