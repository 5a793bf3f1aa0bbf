import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Organization } from '../../../shared/contract/organizations';
import { requireUser } from '../auth/guard';
import { organizationsByName } from '../domain/organizations';
import type { RouteDeps } from './deps';

/** GET /api/v2/organizations/getorganizations: only the organizations the user belongs to. */
export const organizationRoutes: FastifyPluginAsyncTypebox<Pick<RouteDeps, 'db'>> = async (app, { db }) => {
  app.get(
    '/api/v2/organizations/getorganizations',
    { schema: { response: { 200: Type.Array(Organization) } } },
    async (request) => organizationsByName(db, requireUser(request).organizationIds),
  );
};
