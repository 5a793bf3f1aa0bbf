import { jwtDecode } from 'jwt-decode';
import {
  sessionLockAt,
  sessionState,
  type DeviceSession,
  type SessionState,
} from '../../shared/rules/session-rules';
import { tokenCookie } from '../offline/cookies';
import { createListeners } from '../lib/listeners';

/**
 * What the app reads from a token (docs/product.md 3): exp in seconds and sso_uuid; when the
 * session was signed in and when it ends, where the server says (docs/api.md "Session limit").
 */
export interface TokenClaims {
  exp: number;
  sso_uuid: string;
  auth_time?: number;
  session_exp?: number;
}

/** Throws "Invalid token specified…" (docs/product.md 8) for anything that is not a JWT. */
export function decodeToken(token: string): TokenClaims {
  const claims = jwtDecode<Partial<TokenClaims>>(token);
  if (typeof claims.exp !== 'number' || typeof claims.sso_uuid !== 'string') {
    throw new Error('Invalid token specified: missing exp or sso_uuid');
  }
  const decoded: TokenClaims = { exp: claims.exp, sso_uuid: claims.sso_uuid };
  if (typeof claims.auth_time === 'number') decoded.auth_time = claims.auth_time;
  if (typeof claims.session_exp === 'number') decoded.session_exp = claims.session_exp;
  return decoded;
}

// The expiry of the last token we held: once its cookie has expired it tells an expired
// session from one that never was, on a device signed in before the device session existed.
const LAST_EXP_KEY = 'bt-last-token-exp';
// The last token itself, kept past its cookie's expiry until "Log ud": logout ends its session
// on the server (docs/architecture.md 4 "Sessions and revocation"), also when the device's own
// copy ran out in a basement.
const LAST_TOKEN_KEY = 'bt-last-token';
/**
 * The session on the device (docs/product.md 4 "Session"): it outlives its token, so an
 * hour without signal never signs the assessor out; only "Log ud" (or another user's sign-in)
 * ends it, and it locks SESSION_MAX_AGE_S after the sign-in.
 */
const DEVICE_SESSION_KEY = 'bt-device-session';

type Listener = (token: string | null) => void;
/** Told of a stored token (a sign-in or renewal) and of the end of the session (null). */
const listeners = createListeners<[token: string | null]>();
/** Told of every change, also a token dropped while the device session goes on. */
const watchers = new Set<() => void>();

function readDeviceSession(): DeviceSession | null {
  try {
    const value = JSON.parse(
      localStorage.getItem(DEVICE_SESSION_KEY) ?? 'null',
    ) as Partial<DeviceSession> | null;
    if (typeof value?.ssoUuid !== 'string' || typeof value.lockAt !== 'number') return null;
    return { ssoUuid: value.ssoUuid, lockAt: value.lockAt };
  } catch {
    return null;
  }
}

/**
 * The claims of the token read last. Every request and every screen that asks whose session this
 * is reads the token; decoding it each time was a tenth of a big department's take along.
 */
let decoded: { token: string; claims: TokenClaims | null } | null = null;

export const tokenStore = {
  get(): string | null {
    return tokenCookie.read();
  },
  claims(): TokenClaims | null {
    const token = tokenCookie.read();
    if (!token) return null;
    if (decoded?.token !== token) {
      let claims: TokenClaims | null;
      try {
        claims = decodeToken(token);
      } catch {
        claims = null;
      }
      decoded = { token, claims };
    }
    return decoded.claims;
  },
  /**
   * Stores a token (`signIn`: from the sign-on; else a Set-Authorization renewal). Throws for an
   * invalid token.
   */
  set(token: string, options: { signIn?: boolean } = {}): TokenClaims {
    const claims = decodeToken(token);
    // Renewals within a second are the same token: written again, the cookie would make the
    // next read ask the browser's network process (src/offline/cookies.ts).
    const changed = tokenCookie.read() !== token;
    if (changed) {
      tokenCookie.write(token, claims.exp);
      localStorage.setItem(LAST_TOKEN_KEY, token);
    }
    if (localStorage.getItem(LAST_EXP_KEY) !== String(claims.exp)) {
      localStorage.setItem(LAST_EXP_KEY, String(claims.exp));
    }
    const device = readDeviceSession();
    const lockAt = sessionLockAt(claims, Date.now());
    // A renewal keeps the session's own end; a new sign-in (a later auth_time) moves it. A token
    // that tells neither keeps the end counted from when its user first signed in here.
    const told = claims.session_exp !== undefined || claims.auth_time !== undefined;
    if (options.signIn || device?.ssoUuid !== claims.sso_uuid || (told && device.lockAt !== lockAt)) {
      localStorage.setItem(DEVICE_SESSION_KEY, JSON.stringify({ ssoUuid: claims.sso_uuid, lockAt }));
    }
    if (changed) {
      listeners.emit(token);
      watchers.forEach((w) => w());
    }
    return claims;
  },
  /** Logout: the token and the device session end. */
  clear(): void {
    tokenCookie.clear();
    localStorage.removeItem(LAST_EXP_KEY);
    localStorage.removeItem(LAST_TOKEN_KEY);
    localStorage.removeItem(DEVICE_SESSION_KEY);
    listeners.emit(null);
    watchers.forEach((w) => w());
  },
  /**
   * The server refused the token (401): it is dropped, the device session goes on and asks for
   * a new sign-in (docs/product.md "Session"). Nothing else ends.
   */
  drop(): void {
    if (tokenCookie.read() === null) return;
    tokenCookie.clear();
    watchers.forEach((w) => w());
  },
  /** The token held last (perhaps expired since), until logout: what logout ends on the server. */
  lastToken(): string | null {
    return this.get() ?? localStorage.getItem(LAST_TOKEN_KEY);
  },
  /** The exp of the last token held, if the session was not logged out. */
  lastExp(): number | null {
    const value = Number(localStorage.getItem(LAST_EXP_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  },
  deviceSession(): DeviceSession | null {
    return readDeviceSession();
  },
  /**
   * Whose session this device holds: the token's user, or after the token ended the device
   * session's (its answers, lists and taken-along data stay theirs). Null when nobody is.
   */
  user(): string | null {
    return this.claims()?.sso_uuid ?? readDeviceSession()?.ssoUuid ?? null;
  },
  state(nowMs: number = Date.now()): SessionState {
    const claims = this.claims();
    return sessionState({
      exp: claims?.exp ?? null,
      lastExp: this.lastExp(),
      device: readDeviceSession(),
      nowMs,
    });
  },
  subscribe(listener: Listener): () => void {
    return listeners.subscribe(listener);
  },
  /** Every change of the session: stored, renewed to another token, dropped, ended. */
  watch(watcher: () => void): () => void {
    watchers.add(watcher);
    return () => watchers.delete(watcher);
  },
};
