import { describe, expect, it } from 'vitest';
import {
  authFailureRedirect,
  hasWriteAccess,
  isForbiddenRole,
  safeReturnPath,
  nextSessionChangeAt,
  sessionLockAt,
  sessionState,
  tokenCheckDelayMs,
  tokenState,
  DEFAULT_SESSION_MAX_AGE_MS,
} from '../../shared/rules/session-rules';

const NOW = Date.UTC(2025, 4, 1, 12, 0, 0);
const NOW_S = NOW / 1000;

describe('token check interval (docs/product.md 4 and 9: minutes left before exp, taken as seconds)', () => {
  it('checks again after 60 s when 60 minutes are left', () => {
    expect(tokenCheckDelayMs(NOW_S + 60 * 60, NOW)).toBe(60_000);
  });

  it('checks again after 10 s when 10 minutes are left', () => {
    expect(tokenCheckDelayMs(NOW_S + 10 * 60, NOW)).toBe(10_000);
  });

  it('waits at least a second when only 30 s are left', () => {
    const delay = tokenCheckDelayMs(NOW_S + 30, NOW);
    expect(delay).toBeGreaterThanOrEqual(1000);
    // ...but not longer than the token lives.
    expect(delay).toBeLessThanOrEqual(30_000);
  });

  it('checks at once when the token has expired', () => {
    expect(tokenCheckDelayMs(NOW_S, NOW)).toBe(0);
    expect(tokenCheckDelayMs(NOW_S - 1, NOW)).toBe(0);
    expect(tokenCheckDelayMs(NOW_S - 86_400, NOW)).toBe(0);
  });

  it('caps huge values to what setTimeout can hold', () => {
    // A token that lives 100 years: minutes left as seconds overflow a 32-bit timer.
    const delay = tokenCheckDelayMs(NOW_S + 100 * 365 * 86_400, NOW);
    expect(delay).toBe(2 ** 31 - 1);
  });

  it('never returns a value setTimeout would treat as 0 or overflow', () => {
    for (const secondsLeft of [1, 59, 61, 3600, 86_400, 10 ** 9]) {
      const delay = tokenCheckDelayMs(NOW_S + secondsLeft, NOW);
      expect(delay).toBeGreaterThanOrEqual(1000);
      expect(delay).toBeLessThanOrEqual(2 ** 31 - 1);
    }
  });
});

describe('token state', () => {
  it('is valid while exp is in the future', () => {
    expect(tokenState(NOW_S + 60, null, NOW)).toBe('valid');
    expect(tokenState(NOW_S + 1, NOW_S - 3600, NOW)).toBe('valid');
  });

  it('is expired from exp once exp has passed (exp equal to now counts as expired)', () => {
    expect(tokenState(NOW_S - 1, null, NOW)).toBe('expired');
    expect(tokenState(NOW_S, null, NOW)).toBe('expired');
  });

  it('is expired from the last exp when the cookie is gone with the token', () => {
    expect(tokenState(null, NOW_S - 1, NOW)).toBe('expired');
    expect(tokenState(null, NOW_S, NOW)).toBe('expired');
  });

  it('is missing when the cookie is gone but the last token had not expired yet', () => {
    expect(tokenState(null, NOW_S + 3600, NOW)).toBe('missing');
  });

  it('is missing when there never was a token', () => {
    expect(tokenState(null, null, NOW)).toBe('missing');
  });
});

describe('redirect rule after a 401 or 403 (docs/product.md 2)', () => {
  it('does nothing on the root path', () => {
    expect(authFailureRedirect('/', '')).toBeNull();
    expect(authFailureRedirect('/', '?returnUrl=%2Fx')).toBeNull();
  });

  it('sends the browser to the root with path and query as returnUrl', () => {
    expect(authFailureRedirect('/departments', '?x=1')).toBe('/?returnUrl=%2Fdepartments%3Fx%3D1');
  });

  it('works without a query string', () => {
    expect(authFailureRedirect('/organizations', '')).toBe('/?returnUrl=%2Forganizations');
  });

  it('round-trips through URLSearchParams, Danish letters, & and # included', () => {
    const cases: [string, string][] = [
      ['/departments', '?x=1'],
      ['/residence/42', '?q=Æblehaven%20ø&page=2'],
      ['/properties/search', '?query=a&b=c'],
    ];
    for (const [pathname, search] of cases) {
      const target = authFailureRedirect(pathname, search);
      expect(target).not.toBeNull();
      expect(target!.startsWith('/?')).toBe(true);
      const params = new URLSearchParams(target!.slice(2));
      expect([...params.keys()]).toEqual(['returnUrl']);
      expect(params.get('returnUrl')).toBe(`${pathname}${search}`);
      // And what comes back is a path the app will follow.
      expect(safeReturnPath(params.get('returnUrl'))).toBe(`${pathname}${search}`);
    }
  });
});

describe('safe return path after sign-in', () => {
  it('keeps same-origin paths', () => {
    expect(safeReturnPath('/departments?x=1')).toBe('/departments?x=1');
    expect(safeReturnPath('/')).toBe('/');
    expect(safeReturnPath('/residence/12#top')).toBe('/residence/12#top');
  });

  it('refuses protocol-relative URLs', () => {
    expect(safeReturnPath('//evil.example')).toBe('/');
    // Browsers drop tabs and line breaks: these are //evil.example.
    expect(safeReturnPath('/\t/evil.example')).toBe('/');
    expect(safeReturnPath('/\n/evil.example')).toBe('/');
    expect(safeReturnPath('/\r\n/evil.example')).toBe('/');
    expect(safeReturnPath('//evil.example/departments')).toBe('/');
  });

  it('refuses absolute URLs', () => {
    expect(safeReturnPath('https://evil.example/')).toBe('/');
    expect(safeReturnPath('http://localhost:3000/departments')).toBe('/');
    expect(safeReturnPath('javascript:alert(1)')).toBe('/');
  });

  it('refuses backslashes, which browsers treat as slashes', () => {
    expect(safeReturnPath('/\\evil.example')).toBe('/');
    expect(safeReturnPath('\\\\evil.example')).toBe('/');
    expect(safeReturnPath('/departments\\..\\x')).toBe('/');
  });

  it('refuses relative paths, empty values and non-strings', () => {
    expect(safeReturnPath('departments')).toBe('/');
    expect(safeReturnPath('')).toBe('/');
    expect(safeReturnPath(undefined)).toBe('/');
    expect(safeReturnPath(null)).toBe('/');
    expect(safeReturnPath(42)).toBe('/');
    expect(safeReturnPath(['/departments'])).toBe('/');
  });
});

describe('roles (docs/product.md 6)', () => {
  it('grants write access to write in any case and with surrounding spaces', () => {
    for (const role of ['write', 'WRITE', 'Write', ' write ']) {
      expect(hasWriteAccess(role)).toBe(true);
      expect(isForbiddenRole(role)).toBe(false);
    }
  });

  it('refuses none, empty and missing roles', () => {
    for (const role of ['none', 'NONE', ' None ', '', '   ', null, undefined]) {
      expect(isForbiddenRole(role)).toBe(true);
      expect(hasWriteAccess(role)).toBe(false);
    }
  });

  it('lets other roles in without write access', () => {
    for (const role of ['read', 'viewer', 'writer']) {
      expect(isForbiddenRole(role)).toBe(false);
      expect(hasWriteAccess(role)).toBe(false);
    }
  });
});

describe('the session on the device outlives its token (docs/product.md 4 "Session")', () => {
  const device = { ssoUuid: 'u', lockAt: NOW + 3_600_000 };

  it('is valid while the token lives', () => {
    expect(sessionState({ exp: NOW_S + 60, lastExp: NOW_S + 60, device, nowMs: NOW })).toBe('valid');
  });

  it('goes on, asking for a new sign-in, when the token expired or was dropped', () => {
    expect(sessionState({ exp: NOW_S - 60, lastExp: NOW_S - 60, device, nowMs: NOW })).toBe('renew');
    expect(sessionState({ exp: null, lastExp: NOW_S - 60, device, nowMs: NOW })).toBe('renew');
    expect(sessionState({ exp: null, lastExp: null, device, nowMs: NOW })).toBe('renew');
  });

  it('locks at its limit, token or no token expired', () => {
    const past = { ssoUuid: 'u', lockAt: NOW };
    expect(sessionState({ exp: null, lastExp: null, device: past, nowMs: NOW })).toBe('locked');
  });

  it('without a device session, an expired token is expired and none is missing', () => {
    expect(sessionState({ exp: null, lastExp: NOW_S - 1, device: null, nowMs: NOW })).toBe('expired');
    expect(sessionState({ exp: null, lastExp: null, device: null, nowMs: NOW })).toBe('missing');
  });

  it('locks when the server says the session ends, else 12 hours after the sign-in', () => {
    expect(sessionLockAt({ session_exp: NOW_S + 100, auth_time: NOW_S }, NOW)).toBe(NOW + 100_000);
    expect(sessionLockAt({ auth_time: NOW_S - 60 }, NOW)).toBe(NOW - 60_000 + DEFAULT_SESSION_MAX_AGE_MS);
    expect(sessionLockAt({}, NOW)).toBe(NOW + DEFAULT_SESSION_MAX_AGE_MS);
  });

  it('changes next at the token’s expiry, then at the lock', () => {
    expect(nextSessionChangeAt({ exp: NOW_S + 60, device, nowMs: NOW })).toBe(NOW + 60_000);
    expect(nextSessionChangeAt({ exp: NOW_S - 60, device, nowMs: NOW })).toBe(device.lockAt);
    expect(nextSessionChangeAt({ exp: null, device: null, nowMs: NOW })).toBeNull();
  });
});
