import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { forbidden, unauthorized } from '../errors';
import { bearerToken, type TokenService } from './tokens';

export interface AuthUser {
  id: string;
  userName: string;
  displayName: string;
  /** Lower-cased; "none" and a missing role never get this far (docs/product.md 6). */
  role: string;
  ssoUuid: string;
  logoutUrl: string | null;
  organizationIds: string[];
  /** The lifetime of the presented token; sliding renewal issues the same lifetime again. */
  tokenTtlS: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export interface Guards {
  /** preHandler: a valid token of a known user with a role, else 401/403. */
  authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** preHandler after authenticate: the write role, else 403. */
  requireWrite(request: FastifyRequest, reply: FastifyReply): Promise<void>;
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
      const row = await db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', claims.sub)
        .where('sso_uuid', '=', claims.sso_uuid)
        .executeTakeFirst();
      if (!row) throw unauthorized('Unknown user', 'TOKEN_INVALID');
      const role = (row.role ?? '').trim().toLowerCase();
      if (role === '' || role === 'none') throw forbidden('Forbidden');
      const memberships = await db
        .selectFrom('memberships')
        .select('organization_id')
        .where('user_id', '=', row.id)
        .execute();
      request.user = {
        id: row.id,
        userName: row.user_name,
        displayName: row.display_name,
        role,
        ssoUuid: row.sso_uuid,
        logoutUrl: row.logout_url,
        organizationIds: memberships.map((m) => m.organization_id),
        tokenTtlS: claims.ttlS,
      };
    },
    async requireWrite(request) {
      if (!request.user || !hasWriteAccess(request.user)) throw forbidden('Write access required');
    },
  };
}
