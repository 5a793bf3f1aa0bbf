import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { isUuid } from '../../../shared/contract/common';
import { unauthorized } from '../errors';

/**
 * The JWT form of our tokens (docs/api.md "Conventions"): HS256 with our issuer, carrying the
 * claims the app reads (docs/product.md 3 "Token"). The memos and the session checks around
 * them are tokens.ts's.
 */

/** What a token says about its bearer (docs/product.md 3 "Token": exp and sso_uuid are read). */
export interface TokenClaims {
  /** The user's id in our database. */
  sub: string;
  sso_uuid: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
  /** Lifetime the token was issued with, in seconds: a renewal keeps it. */
  ttlS: number;
  /** When the user signed in (`auth_time`, seconds): no renewal outlives it by more than the session's limit. */
  authTime: number;
  /**
   * The server-side session (`sid`, docs/architecture.md "Sessions and revocation"): logout
   * revokes it for every token that carries it. Tokens signed before sessions existed have none
   * and live out their time.
   */
  sid?: string;
}

const ALGORITHM = 'HS256';
const ISSUER = 'boligtilgaengelighed';

/**
 * The HMAC key of `secret`, imported once: jose imports a key given as bytes again at every
 * signature and verification, a third of their CPU (docs/performance.md "The API under load").
 */
export function importTokenKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
}

/** Now in whole seconds, the unit of every time in a token. */
export const nowS = () => Math.floor(Date.now() / 1000);

export interface TokenTimes {
  /** Issued at. */
  now: number;
  ttlS: number;
  authTime: number;
  sessionMaxAgeS: number;
}

/** A signed token for the user; its expiry never passes `authTime` plus the session's limit. */
export function signTokenJwt(
  key: CryptoKey,
  user: { id: string; sso_uuid: string; sid?: string },
  { now, ttlS, authTime, sessionMaxAgeS }: TokenTimes,
): Promise<string> {
  return new SignJWT({
    sso_uuid: user.sso_uuid,
    auth_time: authTime,
    // When the session ends however often it is renewed: the app locks its device session
    // then (docs/api.md "Session limit"), also offline, with no request to tell it.
    session_exp: authTime + sessionMaxAgeS,
    ...(user.sid && { sid: user.sid }),
  })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(user.id)
    .setIssuer(ISSUER)
    .setIssuedAt(now)
    .setExpirationTime(Math.min(now + ttlS, authTime + sessionMaxAgeS))
    .sign(key);
}

/**
 * The claims of a token signed here and not expired; a 401 HttpError for one that is
 * malformed, tampered or expired. Neither the session's limit nor its revocation is checked.
 */
export async function verifyTokenJwt(
  key: CryptoKey,
  token: string,
  defaultTtlS: number,
): Promise<TokenClaims> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], issuer: ISSUER });
    return claimsOf(payload, defaultTtlS);
  } catch (error) {
    throw asUnauthorized(error);
  }
}

/**
 * The session id of a token signed here, also of one expired less than `sessionMaxAgeS` ago;
 * null for a token without one, a 401 HttpError for anything not signed here.
 */
export async function sessionIdOf(
  key: CryptoKey,
  token: string,
  sessionMaxAgeS: number,
): Promise<string | null> {
  try {
    // Every token's expiry is at most its session's end: past that, nothing is left to end.
    const { payload } = await jwtVerify(token, key, {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      clockTolerance: sessionMaxAgeS,
    });
    return typeof payload.sid === 'string' && isUuid(payload.sid) ? payload.sid : null;
  } catch (error) {
    throw asUnauthorized(error);
  }
}

function claimsOf(payload: JWTPayload, defaultTtlS: number): TokenClaims {
  // Both ids are UUIDs (the users table's columns): anything else is no token of ours,
  // even correctly signed, and must not reach a query.
  if (
    !isUuid(payload.sub) ||
    !isUuid(payload.sso_uuid) ||
    !payload.exp ||
    (payload.sid !== undefined && !isUuid(payload.sid))
  ) {
    throw unauthorized('Invalid token specified', 'TOKEN_INVALID');
  }
  const ttlS = payload.iat && payload.exp > payload.iat ? payload.exp - payload.iat : defaultTtlS;
  // A token from before auth_time was written counts its session from its own issue.
  const authTime = typeof payload.auth_time === 'number' ? payload.auth_time : (payload.iat ?? nowS());
  const claims: TokenClaims = {
    sub: payload.sub,
    sso_uuid: payload.sso_uuid,
    exp: payload.exp,
    ttlS,
    authTime,
  };
  if (typeof payload.sid === 'string') claims.sid = payload.sid;
  return claims;
}

/** jose's errors as the 401s the API answers; anything else as it is. */
function asUnauthorized(error: unknown): unknown {
  if (error instanceof errors.JWTExpired) return unauthorized('Token expired', 'TOKEN_EXPIRED');
  if (error instanceof errors.JOSEError) return unauthorized('Invalid token specified', 'TOKEN_INVALID');
  return error;
}
