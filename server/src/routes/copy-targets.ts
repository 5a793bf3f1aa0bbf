import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { CopyTargetRow, CopyTargetsQuery } from '../../../shared/contract/copy-targets';
import { requireUser } from '../auth/guard';
import { findAssessment } from '../domain/access';
import { copyTargetRows } from '../domain/copy-targets';
import { notFound } from '../errors';
import type { RouteDeps } from './deps';

/**
 * The bulk-copy screen's list (docs/product.md 7, "copy-from-property lists"): every residence
 * of the source residence's department as propertiesbydepartment lists it, each row with
 * whether a copy of the source may go there (domain/copy-targets.ts). Write role only, as
 * copying is (docs/product.md 6).
 */
export const copyTargetRoutes: FastifyPluginAsyncTypebox<Pick<RouteDeps, 'db' | 'guards'>> = async (
  app,
  { db, guards },
) => {
  app.get(
    '/api/v2/assessment/copytargets',
    {
      preHandler: guards.requireWrite,
      schema: { querystring: CopyTargetsQuery, response: { 200: Type.Array(CopyTargetRow) } },
    },
    async (request) => {
      const source = await findAssessment(db, requireUser(request), request.query.sourceAssessmentId);
      if (source.residence_id !== request.query.propertyId.toLowerCase()) {
        throw notFound('Assessment not found on this property');
      }
      return copyTargetRows(db, source.residence_id);
    },
  );
};
