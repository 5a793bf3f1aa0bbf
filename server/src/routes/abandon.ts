import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AbandonedMany, AbandonedOne, AbandonManyBody, AbandonPair } from '../../../shared/contract/abandon';
import { requireUser } from '../auth/guard';
import { abandonAssessments, approvedConflict, cancelAssessments } from '../domain/abandon';
import { findAssessment } from '../domain/access';
import { notFound } from '../errors';
import type { RouteDeps } from './deps';
import { JOB_BODY_LIMIT } from './jobs';

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
          // Guarded against an approval that happened in between; the event in the same transaction.
          const user = requireUser(request);
          const updated = await db
            .transaction()
            .execute((trx) => cancelAssessments(trx, [assessment.id], new Date(), { userId: user.id }));
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
      return { abandoned: await abandonAssessments(db, user, pairs) };
    },
  );
};
