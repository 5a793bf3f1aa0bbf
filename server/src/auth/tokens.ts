import { errors, jwtVerify, SignJWT } from 'jose';
import { unauthorized } from '../errors';

/** What a token says about its bearer (docs/product.md 3 "Token": exp and sso_uuid are read). */
export interface TokenClaims {
  /** The user's id in our database. */
  sub: string;
  sso_uuid: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
  /** Lifetime the token was issued with, in seconds: a renewal keeps it. */
  ttlS: number;
}

const ALGORITHM = 'HS256';
const ISSUER = 'boligtilgaengelighed';

export interface TokenService {
  sign(user: { id: string; sso_uuid: string }, ttlS?: number): Promise<string>;
  /** Throws a 401 HttpError for a missing, malformed, tampered or expired token. */
  verify(token: string | undefined): Promise<TokenClaims>;
}

export function createTokenService(secret: string, defaultTtlS: number): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(user, ttlS = defaultTtlS) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ sso_uuid: user.sso_uuid })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(user.id)
        .setIssuer(ISSUER)
        .setIssuedAt(now)
        .setExpirationTime(now + ttlS)
        .sign(key);
    },
    async verify(token) {
      if (!token) throw unauthorized('Missing bearer token', 'TOKEN_MISSING');
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], issuer: ISSUER });
        if (typeof payload.sub !== 'string' || typeof payload.sso_uuid !== 'string' || !payload.exp) {
          throw unauthorized('Invalid token specified', 'TOKEN_INVALID');
        }
        const ttlS = payload.iat && payload.exp > payload.iat ? payload.exp - payload.iat : defaultTtlS;
        return { sub: payload.sub, sso_uuid: payload.sso_uuid, exp: payload.exp, ttlS };
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw unauthorized('Token expired', 'TOKEN_EXPIRED');
        if (error instanceof errors.JOSEError) throw unauthorized('Invalid token specified', 'TOKEN_INVALID');
        throw error;
      }
    },
  };
}

/** The token of an `Authorization: Bearer <token>` header, if there is one. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}
