import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AbandonedMany, AbandonedOne, AbandonManyBody, AbandonPair } from '../../../shared/contract/abandon';
import { assertMember, requireUser } from '../auth/guard';
import { approvedConflict, cancelAssessments } from '../domain/abandon';
import { findAssessment } from '../domain/access';
import { notFound } from '../errors';
import type { RouteDeps } from './deps';
import { JOB_BODY_LIMIT } from './jobs';
import { chunks } from '../db/chunks';

/**
 * Deleting assessments (docs/api.md "abandonassessment" and "abandonassessments"): one, or a
 * list of them all-or-nothing, with the rule of domain/abandon.ts. Write role and membership of
 * every assessment's organization.
 */
export const abandonRoutes: FastifyPluginAsyncTypebox<Pick<RouteDeps, 'db' | 'guards'>> = async (
  app,
  { db, guards },
) => {
  // v2 is a POST; v1 did the same as a GET.
  for (const [method, url] of [
    ['POST', '/api/v2/assessment/abandonassessment'],
    ['GET', '/api/v1/assessment/abandonassessment'],
  ] as const) {
    app.route({
      method,
      url,
      preHandler: guards.requireWrite,
      schema: { querystring: AbandonPair, response: { 200: AbandonedOne } },
      handler: async (request) => {
        const { assessmentId, propertyId } = request.query;
        const assessment = await findAssessment(db, requireUser(request), assessmentId, {
          includeCancelled: true,
        });
        if (assessment.residence_id !== propertyId.toLowerCase()) {
          throw notFound('Assessment not found on this property');
        }
        if (assessment.status === 'approved') throw approvedConflict();
        if (assessment.status !== 'cancelled') {
          // Guarded against an approval that happened in between.
          const updated = await cancelAssessments(db, [assessment.id], new Date());
          if (updated === 0) throw approvedConflict();
        }
        return { message: 'ok' };
      },
    });
  }

  app.post(
    '/api/v2/assessment/abandonassessments',
    {
      preHandler: guards.requireWrite,
      // 5,000 pairs are about 450 KB of JSON, as large as a job's body may be.
      bodyLimit: JOB_BODY_LIMIT,
      schema: { body: AbandonManyBody, response: { 200: AbandonedMany } },
    },
    async (request) => {
      const user = requireUser(request);
      const pairs = request.body.assessments.map((p) => ({
        assessmentId: p.assessmentId.toLowerCase(),
        propertyId: p.propertyId.toLowerCase(),
      }));
      // Sorted, so that two lists lock their common rows in the same order (no deadlock).
      const ids = [...new Set(pairs.map((p) => p.assessmentId))].sort();
      return db.transaction().execute(async (trx) => {
        const rows = new Map<string, { residence_id: string; organization_id: string; status: string }>();
        for (const chunk of chunks(ids)) {
          const found = await trx
            .selectFrom('assessments')
            .select(['id', 'residence_id', 'organization_id', 'status'])
            .where('id', 'in', chunk)
            .orderBy('id')
            // Locked until the commit, so that no approval slips in between check and write.
            .forUpdate()
            .execute();
          for (const row of found) rows.set(row.id, row);
        }
        // Another organization's id first: 403 before anything about the rest, without its data.
        for (const organizationId of new Set([...rows.values()].map((r) => r.organization_id))) {
          assertMember(user, organizationId);
        }
        for (const pair of pairs) {
          const row = rows.get(pair.assessmentId);
          if (!row) throw notFound(`Assessment ${pair.assessmentId} not found`);
          if (row.residence_id !== pair.propertyId) {
            throw notFound(`Assessment ${pair.assessmentId} not found on this property`);
          }
        }
        const approved = [...rows].find(([, r]) => r.status === 'approved');
        if (approved) throw approvedConflict(approved[0]);
        const open = [...rows].filter(([, r]) => r.status !== 'cancelled').map(([id]) => id);
        await cancelAssessments(trx, open, new Date());
        // Every listed assessment is cancelled now, including those that were already.
        return { abandoned: ids.length };
      });
    },
  );
};
