import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { ActiveExportQuery, ResidencesExportQuery } from '../../../shared/contract/export';
import { NO_FILTERS } from '../../../shared/rules/property-filter';
import { assertMember, requireUser } from '../auth/guard';
import { departmentsOf } from '../domain/departments';
import { activeCsv, residencesCsv } from '../domain/export';
import { notFound } from '../errors';
import { copenhagenDate } from '../jobs/dates';
import type { RouteDeps } from './deps';

/**
 * GET /api/v2/ext/export/residences and /active (docs/api.md "Extensions"): our own calls,
 * announced in staticcontent's `extensions`. Members of the organization, read or write. The CSV
 * is streamed as it is made (domain/export.ts), compressed on the way like any answer.
 */
export const exportRoutes: FastifyPluginAsyncTypebox<Pick<RouteDeps, 'db'>> = async (app, { db }) => {
  app.get(
    '/api/v2/ext/export/residences',
    { schema: { querystring: ResidencesExportQuery } },
    async (request, reply) => {
      const { organizationId: org, departmentId, status, ...text } = request.query;
      const organizationId = org.toLowerCase();
      assertMember(requireUser(request), organizationId);
      let name = 'alle-afdelinger';
      if (departmentId !== undefined) {
        const department = (await departmentsOf(db, organizationId)).find(
          (d) => d.departmentId.toLowerCase() === departmentId.toLowerCase(),
        );
        if (!department) throw notFound('Department not found');
        name = department.departmentName;
      }
      // Absent filters filter nothing, as on screen.
      const filters = { ...NO_FILTERS, ...text, status: status ?? '' };
      const now = new Date();
      const rows = residencesCsv(db, organizationId, departmentId?.toLowerCase() ?? null, filters, now);
      return sendCsv(reply, `boliger ${name} ${copenhagenDate(now)}`, rows);
    },
  );

  app.get(
    '/api/v2/ext/export/active',
    { schema: { querystring: ActiveExportQuery } },
    async (request, reply) => {
      const { organizationId: org, mine, ...search } = request.query;
      const organizationId = org.toLowerCase();
      const user = requireUser(request);
      assertMember(user, organizationId);
      const now = new Date();
      const rows = activeCsv(db, organizationId, { ...search, ...(mine && { mine }) }, user.ssoUuid, now);
      return sendCsv(reply, `aktive vurderinger ${copenhagenDate(now)}`, rows);
    },
  );
};

/** The lines as they come, as a download named after what it holds. */
function sendCsv(reply: FastifyReply, name: string, lines: AsyncGenerator<string>) {
  const ascii = name
    .normalize('NFKD')
    .replace(/[^\w -]/g, '')
    .replace(/\s+/g, '-')
    .toLowerCase();
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('cache-control', 'private, no-store')
    .header(
      'content-disposition',
      `attachment; filename="${ascii}.csv"; filename*=UTF-8''${encodeURIComponent(name.replace(/\s+/g, '-'))}.csv`,
    )
    .send(Readable.from(lines));
}
