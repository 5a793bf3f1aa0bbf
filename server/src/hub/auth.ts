import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser, Guards } from '../auth/guard';
import { bearerToken, type TokenService } from '../auth/tokens';
import { forbidden } from '../errors';
import type { HubConnection } from './connection';

/**
 * The token of a hub request: `Authorization: Bearer …` (fetch requests, Node's WebSocket) or
 * the `access_token` query parameter (a browser's WebSocket and EventSource cannot set
 * headers). Never log it: the request log (logging.ts) redacts it from the URLs it writes.
 */
export function hubToken(authorization: string | undefined, query: URLSearchParams): string | undefined {
  return bearerToken(authorization) ?? (query.get('access_token') || undefined);
}

/**
 * Negotiate: the same check as every API route (a valid token of a known user with a role),
 * through the existing guard. Throws the guard's 401/403 HttpError.
 */
export async function authenticateToken(guards: Guards, token: string | undefined): Promise<AuthUser> {
  const request = { headers: { authorization: token ? `Bearer ${token}` : undefined }, user: null };
  await guards.authenticate(request as unknown as FastifyRequest, undefined as unknown as FastifyReply);
  return request.user as unknown as AuthUser;
}

/**
 * Transport requests (WebSocket, SSE, polls, POST, DELETE) name their connection by its secret
 * token and must also carry a valid token of the connection's own user: 401, or 403 for
 * another user. A token that expired on a long-lived connection makes the client reconnect,
 * and its new negotiate fetches a fresh token.
 */
export async function authorizeTransport(
  tokens: TokenService,
  token: string | undefined,
  connection: HubConnection,
): Promise<void> {
  const claims = await tokens.verify(token);
  if (claims.sub !== connection.userId) throw forbidden('The connection belongs to another user');
}
