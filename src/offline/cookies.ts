/**
 * Every cookie the app keeps (docs/product.md 3 and 9), typed, in one place.
 * - authentication_token: the token, expiring with the token itself.
 * - organization_id / organization_name: the active organization, 7 days.
 * - flag-*: feature flags, set by support staff or tests, read only.
 */

const DAY_MS = 86_400_000;
export const ORGANIZATION_COOKIE_DAYS = 7;

/**
 * `document.cookie` as read in the current task's synchronous run, until its microtasks: a read
 * can ask the browser's network process (a millisecond on a phone), and a signed-in start reads
 * the token and the active organization some fifty times, most of them from the renders of one
 * slice. The copy is dropped at the next microtask checkpoint and by every write through this
 * module, so what another tab writes is seen as soon as it would have been, and when the clock
 * moves on.
 */
let jar: string | null = null;
// A cookie that expires between two reads is gone from the second: the copy is for one instant.
let jarAt = 0;

function cookieJar(): string {
  const now = Date.now();
  if (jar === null || jarAt !== now) {
    jar = document.cookie;
    jarAt = now;
    queueMicrotask(() => {
      jar = null;
    });
  }
  return jar;
}

export function readCookie(name: string): string | null {
  for (const part of cookieJar().split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) return decodeURIComponent(part.slice(index + 1).trim());
  }
  return null;
}

export function writeCookie(name: string, value: string, expires: Date): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  jar = null;
  document.cookie = `${name}=${encodeURIComponent(value)}; expires=${expires.toUTCString()}; path=/; SameSite=Strict${secure}`;
}

export function deleteCookie(name: string): void {
  jar = null;
  document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; SameSite=Strict`;
}

export const TOKEN_COOKIE = 'authentication_token';
export const ORGANIZATION_ID_COOKIE = 'organization_id';

export const tokenCookie = {
  read: () => readCookie(TOKEN_COOKIE),
  /** The cookie lives exactly as long as the token (`exp` in seconds). */
  write: (token: string, expSeconds: number) => writeCookie(TOKEN_COOKIE, token, new Date(expSeconds * 1000)),
  clear: () => deleteCookie(TOKEN_COOKIE),
};

export interface ActiveOrganization {
  id: string;
  name: string;
}

export const organizationCookies = {
  read(): ActiveOrganization | null {
    const id = readCookie(ORGANIZATION_ID_COOKIE);
    return id ? { id, name: readCookie('organization_name') ?? '' } : null;
  },
  write(organization: ActiveOrganization, now: Date = new Date()): void {
    const expires = new Date(now.getTime() + ORGANIZATION_COOKIE_DAYS * DAY_MS);
    writeCookie(ORGANIZATION_ID_COOKIE, organization.id, expires);
    writeCookie('organization_name', organization.name, expires);
  },
  clear(): void {
    deleteCookie(ORGANIZATION_ID_COOKIE);
    deleteCookie('organization_name');
  },
};
