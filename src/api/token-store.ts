import { jwtDecode } from 'jwt-decode';
import { tokenCookie } from '../offline/cookies';

/** What the app reads from a token (docs/product.md 3): exp in seconds and sso_uuid. */
export interface TokenClaims {
  exp: number;
  sso_uuid: string;
}

/** Throws "Invalid token specified…" (docs/product.md 8) for anything that is not a JWT. */
export function decodeToken(token: string): TokenClaims {
  const claims = jwtDecode<Partial<TokenClaims>>(token);
  if (typeof claims.exp !== 'number' || typeof claims.sso_uuid !== 'string') {
    throw new Error('Invalid token specified: missing exp or sso_uuid');
  }
  return { exp: claims.exp, sso_uuid: claims.sso_uuid };
}

// The expiry of the last token we held: once its cookie has expired it tells an expired
// session (-> /loggedout) from one that never was (-> /), docs/product.md 4.
const LAST_EXP_KEY = 'bt-last-token-exp';

type Listener = (token: string | null) => void;
const listeners = new Set<Listener>();

export const tokenStore = {
  get(): string | null {
    return tokenCookie.read();
  },
  claims(): TokenClaims | null {
    const token = tokenCookie.read();
    if (!token) return null;
    try {
      return decodeToken(token);
    } catch {
      return null;
    }
  },
  /** Stores a token (sign-in or Set-Authorization renewal). Throws for an invalid token. */
  set(token: string): TokenClaims {
    const claims = decodeToken(token);
    // Renewals within a second are the same token: written again, the cookie would make the
    // next read ask the browser's network process (src/offline/cookies.ts).
    const changed = tokenCookie.read() !== token;
    if (changed) tokenCookie.write(token, claims.exp);
    if (localStorage.getItem(LAST_EXP_KEY) !== String(claims.exp)) {
      localStorage.setItem(LAST_EXP_KEY, String(claims.exp));
    }
    if (changed) listeners.forEach((l) => l(token));
    return claims;
  },
  clear(): void {
    tokenCookie.clear();
    localStorage.removeItem(LAST_EXP_KEY);
    listeners.forEach((l) => l(null));
  },
  /** The exp of the last token held, if the session was not logged out. */
  lastExp(): number | null {
    const value = Number(localStorage.getItem(LAST_EXP_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
