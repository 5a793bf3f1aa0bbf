// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ORGANIZATION_COOKIE_DAYS,
  TOKEN_COOKIE,
  organizationCookies,
  readCookie,
  tokenCookie,
  writeCookie,
} from '../../src/offline/cookies';

const DAY_MS = 86_400_000;

/** Captures every string written to document.cookie while still writing it. */
function spyOnCookieWrites(): { writes: string[]; restore: () => void } {
  const original = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
  const writes: string[] = [];
  Object.defineProperty(Document.prototype, 'cookie', {
    configurable: true,
    enumerable: original.enumerable,
    get() {
      return original.get!.call(this);
    },
    set(value: string) {
      writes.push(String(value));
      original.set!.call(this, value);
    },
  });
  return {
    writes,
    restore: () => Object.defineProperty(Document.prototype, 'cookie', original),
  };
}

/** The `expires=` attribute of a cookie string, as a Date. */
function expiresOf(cookie: string): Date {
  const match = /;\s*expires=([^;]+)/i.exec(cookie);
  if (!match) throw new Error(`no expires in ${cookie}`);
  return new Date(match[1]!);
}

function clearAllCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

beforeEach(() => {
  clearAllCookies();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  clearAllCookies();
});

describe('token cookie (docs/product.md 9: authentication_token expires with the token)', () => {
  it('is readable while the token lives', () => {
    const exp = Math.floor(Date.now() / 1000) + 3600;
    tokenCookie.write('header.payload.signature', exp);
    expect(tokenCookie.read()).toBe('header.payload.signature');
    expect(readCookie(TOKEN_COOKIE)).toBe('header.payload.signature');
  });

  it('is not kept at all for a token that has already expired', () => {
    const exp = Math.floor(Date.now() / 1000) - 1;
    tokenCookie.write('old.token.value', exp);
    expect(tokenCookie.read()).toBeNull();
    expect(document.cookie).not.toContain(TOKEN_COOKIE);
  });

  it('an expired token write removes a token cookie that was there', () => {
    const now = Math.floor(Date.now() / 1000);
    tokenCookie.write('live.token.value', now + 3600);
    expect(tokenCookie.read()).toBe('live.token.value');
    tokenCookie.write('dead.token.value', now - 60);
    expect(tokenCookie.read()).toBeNull();
  });

  it('writes expires= exactly at the token exp', () => {
    const exp = Math.floor(Date.now() / 1000) + 12_345;
    const spy = spyOnCookieWrites();
    try {
      tokenCookie.write('a.b.c', exp);
    } finally {
      spy.restore();
    }
    expect(spy.writes).toHaveLength(1);
    expect(spy.writes[0]!.startsWith(`${TOKEN_COOKIE}=a.b.c;`)).toBe(true);
    expect(expiresOf(spy.writes[0]!).getTime()).toBe(exp * 1000);
    expect(spy.writes[0]).toMatch(/;\s*path=\//);
    expect(spy.writes[0]).toMatch(/;\s*SameSite=Strict/);
  });

  it('disappears when the clock passes exp, and not a second before', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.UTC(2025, 0, 15, 10, 0, 0);
    vi.setSystemTime(start);
    const exp = start / 1000 + 3600;
    tokenCookie.write('x.y.z', exp);

    vi.setSystemTime(exp * 1000 - 1000);
    expect(tokenCookie.read()).toBe('x.y.z');

    vi.setSystemTime(exp * 1000 + 1000);
    expect(tokenCookie.read()).toBeNull();
  });

  it('clear() removes it', () => {
    tokenCookie.write('a.b.c', Math.floor(Date.now() / 1000) + 3600);
    tokenCookie.clear();
    expect(tokenCookie.read()).toBeNull();
  });
});

describe('organization cookies (docs/product.md 9: 7 days)', () => {
  it('last 7 days from the given time', () => {
    const now = new Date(Date.UTC(2025, 2, 20, 8, 30, 15));
    const spy = spyOnCookieWrites();
    try {
      organizationCookies.write({ id: 'org-1', name: 'Boligselskabet Øst' }, now);
    } finally {
      spy.restore();
    }
    expect(ORGANIZATION_COOKIE_DAYS).toBe(7);
    const idCookie = spy.writes.find((w) => w.startsWith('organization_id='));
    const nameCookie = spy.writes.find((w) => w.startsWith('organization_name='));
    expect(idCookie).toBeDefined();
    expect(nameCookie).toBeDefined();
    expect(expiresOf(idCookie!).getTime()).toBe(now.getTime() + 7 * DAY_MS);
    expect(expiresOf(nameCookie!).getTime()).toBe(now.getTime() + 7 * DAY_MS);
  });

  it('last 7 days from now by default', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const now = Date.UTC(2025, 5, 1, 23, 59, 0);
    vi.setSystemTime(now);
    const spy = spyOnCookieWrites();
    try {
      organizationCookies.write({ id: 'org-2', name: 'Afdeling 7' });
    } finally {
      spy.restore();
    }
    expect(spy.writes).toHaveLength(2);
    for (const write of spy.writes) expect(expiresOf(write).getTime()).toBe(now + 7 * DAY_MS);
  });

  it('are readable for 7 days and gone after', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const now = Date.UTC(2025, 5, 1, 12, 0, 0);
    vi.setSystemTime(now);
    organizationCookies.write({ id: 'org-3', name: 'Vestervang' });
    vi.setSystemTime(now + 7 * DAY_MS - 60_000);
    expect(organizationCookies.read()).toEqual({ id: 'org-3', name: 'Vestervang' });
    vi.setSystemTime(now + 7 * DAY_MS + 60_000);
    expect(organizationCookies.read()).toBeNull();
  });

  it('read() is null when no organization is chosen', () => {
    expect(organizationCookies.read()).toBeNull();
  });

  it('clear() removes both cookies', () => {
    organizationCookies.write({ id: 'org-4', name: 'Nørrebro' });
    expect(organizationCookies.read()).not.toBeNull();
    organizationCookies.clear();
    expect(organizationCookies.read()).toBeNull();
    expect(readCookie('organization_id')).toBeNull();
    expect(readCookie('organization_name')).toBeNull();
  });

  it('keeps values with æøå, ;, = and % intact through a round trip', () => {
    const organization = { id: 'id=1;2%3', name: 'Æblehaven; Øster Søgård & Åbo = 100%' };
    organizationCookies.write(organization);
    expect(organizationCookies.read()).toEqual(organization);
    // The ; in the value did not cut the cookie or create another one.
    expect(readCookie(' Øster Søgård & Åbo')).toBeNull();
  });

  it('does not confuse cookies whose names share a prefix', () => {
    const later = new Date(Date.now() + DAY_MS);
    writeCookie('organization_id_old', 'wrong', later);
    writeCookie('xorganization_id', 'wrong', later);
    expect(readCookie('organization_id')).toBeNull();
    writeCookie('organization_id', 'right', later);
    expect(readCookie('organization_id')).toBe('right');
  });
});
