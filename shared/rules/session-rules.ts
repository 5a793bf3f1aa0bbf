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

/** The longest delay setTimeout can hold; a later moment is looked at again then. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** A timer's delay to `atMs`: at least `minMs`, at most what setTimeout can hold. */
export function timerDelayMs(atMs: number, nowMs: number, minMs = 0): number {
  return Math.min(Math.max(atMs - nowMs, minMs), MAX_TIMER_MS);
}

/** docs/product.md 4 and 9: check again after the minutes left before exp, taken as seconds. */
export function tokenCheckDelayMs(exp: number, nowMs: number): number {
  const minutesLeft = (exp * 1000 - nowMs) / 60_000;
  if (minutesLeft <= 0) return 0;
  // At least a second apart, and within what setTimeout can hold.
  return timerDelayMs(minutesLeft * 1000, 0, 1000);
}

/** docs/product.md 2: after a 401 or 403 the browser goes to the root with the current place as returnUrl. */
export function authFailureRedirect(pathname: string, search: string): string | null {
  if (pathname === '/') return null;
  return `/?${new URLSearchParams({ returnUrl: `${pathname}${search}` }).toString()}`;
}

/**
 * Only same-origin paths are followed after sign-in. Browsers drop tabs and line breaks from a URL,
 * so "/<tab>/evil.example" is "//evil.example", another site: control characters refuse the path as
 * a backslash and a leading "//" do.
 */
export function safeReturnPath(value: unknown): string {
  if (
    typeof value !== 'string' ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.includes('\\') ||
    // eslint-disable-next-line no-control-regex -- control characters are what is refused
    /[\u0000-\u001f\u007f]/.test(value)
  )
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

/**
 * The session on the device (docs/product.md 4 "Session"): who signed in here and when it
 * locks. It outlives its token: a field day goes on offline after the token expired.
 */
export interface DeviceSession {
  ssoUuid: string;
  /** Epoch ms: `SESSION_MAX_AGE_S` after the sign-in; from then on it asks for a new sign-in. */
  lockAt: number;
}

/**
 * - valid: a token that has not expired;
 * - renew: the token expired (or the server refused it) but the device session goes on: the app
 *   works with what the device holds, and answers wait for a new sign-in;
 * - locked: the device session is past its limit: a sign-in is asked for, nothing is deleted;
 * - expired: a token expired on a device with no device session (signed in before it existed);
 * - missing: nobody is signed in on this device.
 */
export type SessionState = 'valid' | 'renew' | 'locked' | 'expired' | 'missing';

export function sessionState(input: {
  exp: number | null;
  lastExp: number | null;
  device: DeviceSession | null;
  nowMs: number;
}): SessionState {
  if (input.exp !== null && input.exp * 1000 > input.nowMs) return 'valid';
  if (input.device) return input.nowMs < input.device.lockAt ? 'renew' : 'locked';
  return tokenState(input.exp, input.lastExp, input.nowMs) === 'expired' ? 'expired' : 'missing';
}

/** The states in which the app is signed in on this device and shows the user's data. */
export function isSignedInOnDevice(state: SessionState): boolean {
  return state === 'valid' || state === 'renew';
}

/** The server's default SESSION_MAX_AGE_S (12 hours), for a token that does not say. */
export const DEFAULT_SESSION_MAX_AGE_MS = 12 * 3600 * 1000;

/**
 * When the device session locks: the token's `session_exp` (docs/api.md "Session limit"), else
 * 12 hours after its `auth_time`, else 12 hours after `nowMs` (the sign-in).
 */
export function sessionLockAt(claims: { auth_time?: number; session_exp?: number }, nowMs: number): number {
  if (typeof claims.session_exp === 'number') return claims.session_exp * 1000;
  const signedInAt = typeof claims.auth_time === 'number' ? claims.auth_time * 1000 : nowMs;
  return signedInAt + DEFAULT_SESSION_MAX_AGE_MS;
}

/** The next moment the state changes by itself (the token's expiry, then the lock), if any. */
export function nextSessionChangeAt(input: {
  exp: number | null;
  device: DeviceSession | null;
  nowMs: number;
}): number | null {
  const moments = [input.exp === null ? null : input.exp * 1000, input.device?.lockAt ?? null];
  const next = moments.filter((at): at is number => at !== null && at > input.nowMs);
  return next.length > 0 ? Math.min(...next) : null;
}
