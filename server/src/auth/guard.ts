import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { forbidden, unauthorized } from '../errors';
import { bearerToken, type TokenService } from './tokens';
import { cachedUser } from './user-cache';

export interface AuthUser {
  id: string;
  userName: string;
  displayName: string;
  /** Lower-cased; "none" and a missing role never get this far (docs/product.md 6). */
  role: string;
  ssoUuid: string;
  logoutUrl: string | null;
  organizationIds: readonly string[];
  /** The lifetime of the presented token; sliding renewal issues the same lifetime again. */
  tokenTtlS: number;
  /** When this session signed in; a renewal keeps it (the session's absolute limit). */
  authTime: number;
  /**
   * The server-side session the token belongs to (docs/architecture.md "Sessions and
   * revocation"); a renewal keeps it.
   */
  sessionId?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export interface Guards {
  /**
   * preHandler: a valid token of a known user with a role, else 401/403. The API scope runs it
   * on every request (routes/api.ts); the hub calls it for its negotiate.
   */
  authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Route preHandler, after the scope's authenticate: the write role, else 403. */
  requireWrite(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

/**
 * The user the API scope's authentication hook established (routes/api.ts). Only handlers in
 * that scope may ask; on a public route there is no user, and asking is a bug in the wiring.
 */
export function requireUser(request: FastifyRequest): AuthUser {
  // The route's pattern, never the URL: a URL may carry a token (docs/architecture.md 4 "Logs").
  if (!request.user) throw new Error(`${request.routeOptions.url} is not in the authenticated scope`);
  return request.user;
}

export function hasWriteAccess(user: AuthUser): boolean {
  return user.role === 'write';
}

/** 403 unless the user belongs to the organization; the server never trusts the UI for this. */
export function assertMember(user: AuthUser, organizationId: string): void {
  if (!user.organizationIds.includes(organizationId)) throw forbidden('Not a member of this organization');
}

export function createGuards(db: Kysely<Database>, tokens: TokenService): Guards {
  return {
    async authenticate(request) {
      const claims = await tokens.verify(bearerToken(request.headers.authorization));
      // Every authenticated request needs the user and the user's organizations: read at most
      // every few seconds per user (user-cache.ts, docs/performance.md "The API under load").
      // The role is judged on every request, from the row as read.
      const row = await cachedUser(db, claims.sub, claims.sso_uuid);
      if (!row) throw unauthorized('Unknown user', 'TOKEN_INVALID');
      const role = (row.role ?? '').trim().toLowerCase();
      if (role === '' || role === 'none') throw forbidden('Forbidden');
      request.user = {
        id: row.id,
        userName: row.userName,
        displayName: row.displayName,
        role,
        ssoUuid: row.ssoUuid,
        logoutUrl: row.logoutUrl,
        organizationIds: row.organizationIds,
        tokenTtlS: claims.ttlS,
        authTime: claims.authTime,
        ...(claims.sid && { sessionId: claims.sid }),
      };
    },
    async requireWrite(request) {
      if (!request.user || !hasWriteAccess(request.user)) throw forbidden('Write access required');
    },
  };
}
