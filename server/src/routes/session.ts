import type { FastifyInstance } from 'fastify';
import { bearerToken } from '../auth/tokens';
import type { RouteDeps } from './deps';

/**
 * GET /api/v2/userinfo (docs/product.md 7); also the client's 5-minute keep-alive. POST
 * /auth/logout ends the token's server-side session (docs/architecture.md "Sessions and
 * revocation"): every token of it, a copy taken before the logout too, answers 401
 * `SESSION_ENDED` from then on, on every instance within a second.
 */
export function registerSessionRoutes(app: FastifyInstance, { guards, tokens, sessions }: RouteDeps): void {
  app.post(
    '/auth/logout',
    {
      schema: {
        response: {
          200: { type: 'object', required: ['status'], properties: { status: { type: 'string' } } },
        },
      },
    },
    async (request) => {
      // Not `authenticate`: the answer carries no renewed token, a user whose role was taken
      // away may still end their session, and so may a device whose own token has expired
      // meanwhile (a copy of it may still be renewed elsewhere).
      const sid = await tokens.sessionOf(bearerToken(request.headers.authorization));
      if (sid) await sessions.revoke(sid);
      return { status: 'ended' };
    },
  );

  app.get(
    '/api/v2/userinfo',
    {
      preHandler: guards.authenticate,
      schema: {
        response: {
          200: {
            type: 'object',
            required: ['userName', 'logoutUrl', 'role'],
            properties: {
              userName: { type: 'string' },
              logoutUrl: { type: ['string', 'null'] },
              role: { type: 'string' },
            },
          },
        },
      },
    },
    async (request) => {
      const user = request.user!;
      return { userName: user.displayName, logoutUrl: user.logoutUrl, role: user.role };
    },
  );
}
