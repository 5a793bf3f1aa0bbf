import { setBounded } from '../bounded-map';
import { unauthorized } from '../errors';
import type { SessionStore } from './sessions';
import {
  importTokenKey,
  nowS,
  sessionIdOf,
  signTokenJwt,
  verifyTokenJwt,
  type TokenClaims,
} from './token-jwt';

export type { TokenClaims } from './token-jwt';

/** The longest a session lasts from its sign-in, however often it is renewed (12 hours). */
export const DEFAULT_SESSION_MAX_AGE_S = 12 * 3600;

/**
 * Entries each memo below keeps: about one per signed-in client, far more than one process
 * serves; past it the oldest entry goes.
 */
const TOKEN_MEMO_SIZE = 10_000;

/** The share of a token's lifetime within which a renewal is the token signed before. */
export const RENEWAL_REUSE_SHARE = 1 / 60;

export interface TokenService {
  /** A sign-in: a new server-side session (with sessions) and its first token. */
  signIn(user: { id: string; sso_uuid: string }, ttlS?: number): Promise<string>;
  /**
   * A token for the user with this lifetime (default the configured one), for a session signed
   * in at `authTime` (default now: a sign-in; a renewal passes the session's own). Its expiry
   * never passes `authTime` plus the session's limit.
   */
  sign(
    user: { id: string; sso_uuid: string; sid?: string },
    ttlS?: number,
    authTime?: number,
  ): Promise<string>;
  /**
   * Throws a 401 HttpError for a missing, malformed, tampered or expired token, and
   * `SESSION_ENDED` for one whose session was revoked (logout).
   */
  verify(token: string | undefined): Promise<TokenClaims>;
  /**
   * Logout's reading of a token: the session id of a token this server signed, also of one that
   * has expired since (a device's token often has, when its user taps "Log ud"), as long as its
   * session could still have live tokens. Null for a token without a session id; 401 for
   * anything not signed here.
   */
  sessionOf(token: string | undefined): Promise<string | null>;
}

/**
 * HS256 tokens (docs/api.md "Conventions"). Every authenticated request verifies one and every
 * answer to it carries a fresh one (sliding renewal), so both are memoized
 * (docs/performance.md "The API under load"): a token that verified once is the same token
 * until it expires, and a renewal for the same user, session and lifetime is the token signed
 * for them within the last sixtieth of that lifetime (a minute of an hour, a second of a
 * minute; RENEWAL_REUSE_SHARE). Signing was a fifteenth of an instance's time in a morning's
 * first seconds, once per user and second (docs/performance.md "A country's morning"). A reused
 * renewal expires earlier than a fresh one would, never later. The memos never answer what
 * jose would not: only verified tokens are kept, and their expiry is checked on every use.
 */
export function createTokenService(
  secret: string,
  defaultTtlS: number,
  sessionMaxAgeS: number = DEFAULT_SESSION_MAX_AGE_S,
  /** The server-side sessions (server/src/auth/sessions.ts); without them `sid` is not checked. */
  sessions?: Pick<SessionStore, 'start' | 'isLive'>,
): TokenService {
  const key = importTokenKey(secret);
  const verified = new Map<string, TokenClaims>();
  const signed = new Map<string, { iat: number; token: string }>();
  const sessionOver = (claims: TokenClaims) => nowS() >= claims.authTime + sessionMaxAgeS;
  /** The memo answers for the signature and the expiry; revocation is asked every time. */
  const checkSession = async (claims: TokenClaims) => {
    if (claims.sid && sessions && !(await sessions.isLive(claims.sid))) {
      throw unauthorized('Session ended: sign in again', 'SESSION_ENDED');
    }
    return claims;
  };
  const service: TokenService = {
    async signIn(user, ttlS) {
      const sid = sessions ? await sessions.start(user.id) : undefined;
      return service.sign({ ...user, ...(sid && { sid }) }, ttlS);
    },
    async sign(user, ttlS = defaultTtlS, authTime = nowS()) {
      const now = nowS();
      const memoKey = `${user.id} ${user.sso_uuid} ${user.sid ?? ''} ${ttlS} ${authTime}`;
      const memo = signed.get(memoKey);
      if (memo && now - memo.iat < Math.max(1, Math.floor(ttlS * RENEWAL_REUSE_SHARE))) return memo.token;
      const token = await signTokenJwt(await key, user, { now, ttlS, authTime, sessionMaxAgeS });
      setBounded(signed, memoKey, { iat: now, token }, TOKEN_MEMO_SIZE);
      return token;
    },
    async verify(token) {
      if (!token) throw unauthorized('Missing bearer token', 'TOKEN_MISSING');
      const memo = verified.get(token);
      if (memo) {
        // jose's rule: expired once exp is not after now (no clock tolerance).
        if (memo.exp > nowS() && !sessionOver(memo)) return checkSession(memo);
        verified.delete(token);
        throw unauthorized('Token expired', 'TOKEN_EXPIRED');
      }
      const claims = await verifyTokenJwt(await key, token, defaultTtlS);
      if (sessionOver(claims)) throw unauthorized('Session ended: sign in again', 'TOKEN_EXPIRED');
      setBounded(verified, token, claims, TOKEN_MEMO_SIZE);
      return checkSession(claims);
    },
    async sessionOf(token) {
      if (!token) throw unauthorized('Missing bearer token', 'TOKEN_MISSING');
      return sessionIdOf(await key, token, sessionMaxAgeS);
    },
  };
  return service;
}

/** The token of an `Authorization: Bearer <token>` header, if there is one. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}
