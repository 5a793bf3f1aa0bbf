import { readCookie } from '../offline/cookies';

/** Feature flags from cookies (docs/product.md 3), read in this one place. */

export type ApiVersion = 1 | 1.5 | 2;
/** 0 trace, 1 debug, 2 info, 3 warning (default), 4 error, 5 silent. */
export type LogLevel = 0 | 1 | 2 | 3 | 4 | 5;

export interface FeatureFlags {
  fakeCopy: boolean;
  logLevel: LogLevel;
  apiVersion: ApiVersion;
}

/** The API version flag (docs/product.md 3); src/api/api-version.ts reads what it means. */
export const API_VERSION_FLAG = 'flag-api_version';

export function parseFlags(read: (name: string) => string | null): FeatureFlags {
  // An empty cookie is unset, not level 0.
  const rawLevel = read('flag-log_level')?.trim();
  const level = rawLevel ? Number(rawLevel) : NaN;
  const version = Number(read(API_VERSION_FLAG));
  return {
    fakeCopy: read('flag-fake_copy') === 'true',
    logLevel: Number.isInteger(level) && level >= 0 && level <= 5 ? (level as LogLevel) : 3,
    apiVersion: version === 1.5 || version === 2 ? version : 1,
  };
}

export function featureFlags(): FeatureFlags {
  return parseFlags(readCookie);
}
