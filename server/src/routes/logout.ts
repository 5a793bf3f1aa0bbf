import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LogoutAnswer } from '../../../shared/contract/session';
import { bearerToken } from '../auth/tokens';
import type { RouteDeps } from './deps';

/**
 * POST /auth/logout ends the token's server-side session (docs/architecture.md "Sessions and
 * revocation"): every token of it, a copy taken before the logout too, answers 401
 * `SESSION_ENDED` from then on, on every instance within a second.
 *
 * Public (outside the API scope of routes/api.ts): the answer carries no renewed token, a user
 * whose role was taken away may still end their session, and so may a device whose own token
 * has expired meanwhile (a copy of it may still be renewed elsewhere).
 */
export const logoutRoutes: FastifyPluginAsyncTypebox<Pick<RouteDeps, 'tokens' | 'sessions'>> = async (
  app,
  { tokens, sessions },
) => {
  app.post('/auth/logout', { schema: { response: { 200: LogoutAnswer } } }, async (request) => {
    const sid = await tokens.sessionOf(bearerToken(request.headers.authorization));
    if (sid) await sessions.revoke(sid);
    return { status: 'ended' };
  });
};
