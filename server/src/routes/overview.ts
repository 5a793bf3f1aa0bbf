import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { OrganizationOverview, OverviewQuery } from '../../../shared/contract/overview';
import { assertMember, requireUser } from '../auth/guard';
import { departmentVersions, organizationOverview, overviewVersion } from '../domain/overview';
import { copenhagenDate } from '../jobs/dates';
import { createJsonListCache, sendVersionedJson } from '../http/versioned-body-cache';
import type { RouteDeps } from './deps';

/** Room for the overviews of many organizations; a 500-department one is about 250 KB. */
const OVERVIEW_CACHE_BYTES = 16 * 1024 * 1024;

/**
 * GET /api/v2/ext/overview (docs/api.md "Extensions"): our own call, beyond the spec's API,
 * announced in staticcontent's `extensions`. Members of the organization, read or write.
 * The answer is built and compressed once per version of the organization's department lists
 * and day (domain/overview.ts); a request costs one query for the versions.
 */
export const overviewRoutes: FastifyPluginAsyncTypebox<Pick<RouteDeps, 'db'>> = async (app, { db }) => {
  const overviews = createJsonListCache(OVERVIEW_CACHE_BYTES);
  app.get(
    '/api/v2/ext/overview',
    {
      compress: false,
      schema: { querystring: OverviewQuery, response: { 200: OrganizationOverview } },
    },
    async (request, reply) => {
      const organizationId = request.query.organizationId.toLowerCase();
      assertMember(requireUser(request), organizationId);
      const now = new Date();
      const departments = await departmentVersions(db, organizationId);
      return sendVersionedJson(
        request,
        reply,
        overviews,
        organizationId,
        overviewVersion(departments, copenhagenDate(now)),
        () => organizationOverview(db, organizationId, departments, now),
      );
    },
  );
};
