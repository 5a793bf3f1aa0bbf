import type { FastifyInstance, FastifyRequest } from 'fastify';
import { assertMember } from '../auth/guard';
import { approvedConflict, cancelAssessments } from '../domain/abandon';
import { findAssessment } from '../domain/access';
import * as schemas from '../domain/schemas';
import { notFound } from '../errors';
import type { RouteDeps } from './deps';
import { JOB_BODY_LIMIT } from './jobs';
import { chunks } from '../db/chunks';

/** abandonassessments takes as many as a copy job has targets (docs/api.md). */
export const MAX_ABANDON_ITEMS = 5000;

interface AbandonPair {
  assessmentId: string;
  propertyId: string;
}

const abandonManyBodySchema = {
  type: 'object',
  required: ['assessments'],
  properties: {
    assessments: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_ABANDON_ITEMS,
      items: {
        type: 'object',
        required: ['assessmentId', 'propertyId'],
        properties: { assessmentId: schemas.uuid, propertyId: schemas.uuid },
      },
    },
  },
} as const;

const abandonedSchema = {
  type: 'object',
  required: ['abandoned'],
  properties: { abandoned: { type: 'integer' } },
} as const;

/**
 * Deleting assessments (docs/api.md "abandonassessment" and "abandonassessments"): one, or a
 * list of them all-or-nothing, with the rule of domain/abandon.ts. Write role and membership of
 * every assessment's organization.
 */
export function registerAbandonRoutes(app: FastifyInstance, { db, guards }: RouteDeps): void {
  const abandonAssessment = async (request: FastifyRequest<{ Querystring: AbandonPair }>) => {
    const { assessmentId, propertyId } = request.query;
    const assessment = await findAssessment(db, request.user!, assessmentId, { includeCancelled: true });
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
  };
  const abandonOptions = {
    preHandler: [guards.authenticate, guards.requireWrite],
    schema: {
      querystring: {
        type: 'object',
        required: ['assessmentId', 'propertyId'],
        properties: { assessmentId: schemas.uuid, propertyId: schemas.uuid },
      },
      response: { 200: schemas.message },
    },
  };
  type AbandonRoute = { Querystring: AbandonPair };
  app.post<AbandonRoute>('/api/v2/assessment/abandonassessment', abandonOptions, abandonAssessment);
  app.get<AbandonRoute>('/api/v1/assessment/abandonassessment', abandonOptions, abandonAssessment);

  app.post<{ Body: { assessments: AbandonPair[] } }>(
    '/api/v2/assessment/abandonassessments',
    {
      preHandler: [guards.authenticate, guards.requireWrite],
      // 5,000 pairs are about 450 KB of JSON, as large as a job's body may be.
      bodyLimit: JOB_BODY_LIMIT,
      schema: { body: abandonManyBodySchema, response: { 200: abandonedSchema } },
    },
    async (request) => {
      const user = request.user!;
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
}
