import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
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
      // The user and the user's organizations in one query: every authenticated request
      // pays for it (docs/architecture.md "The API under load").
      const row = await db
        .selectFrom('users as u')
        .select(['u.id', 'u.user_name', 'u.display_name', 'u.role', 'u.sso_uuid', 'u.logout_url'])
        .select(
          sql<string[]>`array(select m.organization_id::text from memberships m where m.user_id = u.id)`.as(
            'organization_ids',
          ),
        )
        .where('u.id', '=', claims.sub)
        .where('u.sso_uuid', '=', claims.sso_uuid)
        .executeTakeFirst();
      if (!row) throw unauthorized('Unknown user', 'TOKEN_INVALID');
      const role = (row.role ?? '').trim().toLowerCase();
      if (role === '' || role === 'none') throw forbidden('Forbidden');
      request.user = {
        id: row.id,
        userName: row.user_name,
        displayName: row.display_name,
        role,
        ssoUuid: row.sso_uuid,
        logoutUrl: row.logout_url,
        organizationIds: row.organization_ids,
        tokenTtlS: claims.ttlS,
      };
    },
    async requireWrite(request) {
      if (!request.user || !hasWriteAccess(request.user)) throw forbidden('Write access required');
    },
  };
}
