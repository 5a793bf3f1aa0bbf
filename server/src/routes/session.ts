import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from './deps';

/** GET /api/v2/userinfo (docs/product.md 7); also the client's 5-minute keep-alive. */
export function registerSessionRoutes(app: FastifyInstance, { guards }: RouteDeps): void {
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
