import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Organization } from '../../../shared/contract/organizations';
import { requireUser } from '../auth/guard';
import type { RouteDeps } from './deps';

/** GET /api/v2/organizations/getorganizations: only the organizations the user belongs to. */
export const organizationRoutes: FastifyPluginAsyncTypebox<Pick<RouteDeps, 'db'>> = async (app, { db }) => {
  app.get(
    '/api/v2/organizations/getorganizations',
    { schema: { response: { 200: Type.Array(Organization) } } },
    async (request) => {
      const ids = requireUser(request).organizationIds;
      if (ids.length === 0) return [];
      return db
        .selectFrom('organizations')
        .select(['id', 'name'])
        .where('id', 'in', ids)
        .orderBy('name')
        .execute();
    },
  );
};
