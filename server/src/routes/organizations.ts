import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from './deps';

/** GET /api/v2/organizations/getorganizations: only the organizations the user belongs to. */
export function registerOrganizationRoutes(app: FastifyInstance, { db, guards }: RouteDeps): void {
  app.get(
    '/api/v2/organizations/getorganizations',
    {
      preHandler: guards.authenticate,
      schema: {
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              required: ['id', 'name'],
              properties: { id: { type: 'string' }, name: { type: 'string' } },
            },
          },
        },
      },
    },
    async (request) => {
      const ids = request.user!.organizationIds;
      if (ids.length === 0) return [];
      return db
        .selectFrom('organizations')
        .select(['id', 'name'])
        .where('id', 'in', ids)
        .orderBy('name')
        .execute();
    },
  );
}
