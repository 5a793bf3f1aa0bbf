import { MAX_LATITUDE, MAX_LONGITUDE } from '../../shared/contract/limits';

/**
 * A place as latitude and longitude in degrees (WGS 84, as the browser's geolocation gives it),
 * and the rules for one written in a URL: `/properties/by-location?latitude=…&longitude=…`
 * (docs/product.md 2, "The list of a place").
 */
export interface Coordinates {
  latitude: number;
  longitude: number;
}

/**
 * Decimals a shared place keeps: five are about a metre, finer than any phone's fix, and short
 * enough to read in a link.
 */
const SHARED_DECIMALS = 5;

const toNumber = (value: unknown): number | null => {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value.trim() === '') return null;
  return Number(value.trim());
};

/** The place a URL gives, or null when either part is missing, not a number or off the globe. */
export function parseCoordinates(latitude: unknown, longitude: unknown): Coordinates | null {
  const lat = toNumber(latitude);
  const lng = toNumber(longitude);
  if (lat === null || lng === null || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (Math.abs(lat) > MAX_LATITUDE || Math.abs(lng) > MAX_LONGITUDE) return null;
  return { latitude: lat, longitude: lng };
}

/** The place as a link to its list keeps it: rounded to `SHARED_DECIMALS`. */
export function sharedCoordinates(at: Coordinates): Coordinates {
  const round = (n: number) => Number(n.toFixed(SHARED_DECIMALS));
  return { latitude: round(at.latitude), longitude: round(at.longitude) };
}
