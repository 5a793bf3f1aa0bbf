/** Session rules of docs/product.md 2, 4 and 9, without I/O. */

export type TokenState = 'valid' | 'expired' | 'missing';

/**
 * `exp` of the current token (null when there is none) and of the last token held: a
 * token whose cookie expired with it is gone, but the session it belonged to expired.
 */
export function tokenState(exp: number | null, lastExp: number | null, nowMs: number): TokenState {
  if (exp !== null) return exp * 1000 > nowMs ? 'valid' : 'expired';
  if (lastExp !== null && lastExp * 1000 <= nowMs) return 'expired';
  return 'missing';
}

/** docs/product.md 4 and 9: check again after the minutes left before exp, taken as seconds. */
export function tokenCheckDelayMs(exp: number, nowMs: number): number {
  const minutesLeft = (exp * 1000 - nowMs) / 60_000;
  if (minutesLeft <= 0) return 0;
  // At least a second apart, and within what setTimeout can hold.
  return Math.min(Math.max(minutesLeft * 1000, 1000), 2 ** 31 - 1);
}

/** docs/product.md 2: after a 401 or 403 the browser goes to the root with the current place as returnUrl. */
export function authFailureRedirect(pathname: string, search: string): string | null {
  if (pathname === '/') return null;
  return `/?${new URLSearchParams({ returnUrl: `${pathname}${search}` }).toString()}`;
}

/** Only same-origin paths are followed after sign-in. */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\'))
    return '/';
  return value;
}

/** Routes that work without a session (docs/product.md 2: /loggedout; the others start or end one). */
export const PUBLIC_PATHS: readonly string[] = ['/', '/loggedout', '/loginCallback'];

export function normalizeRole(role: string | null | undefined): string {
  return (role ?? '').trim().toLowerCase();
}

/** docs/product.md 6: a missing role or none is refused; write grants write access. */
export function isForbiddenRole(role: string | null | undefined): boolean {
  const r = normalizeRole(role);
  return r === '' || r === 'none';
}

export function hasWriteAccess(role: string | null | undefined): boolean {
  return normalizeRole(role) === 'write';
}
