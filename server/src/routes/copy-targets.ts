import type { FastifyInstance } from 'fastify';
import type { PropertyRow } from '../../../shared/contract/dto';
import { findAssessment } from '../domain/access';
import { notCopyableReason, type NotCopyableReason } from '../domain/copy-targets';
import { departmentPropertyRows } from '../domain/residences';
import * as schemas from '../domain/schemas';
import { notFound } from '../errors';
import type { RouteDeps } from './deps';

/** A row of copytargets: a property-list row and whether a copy may go there (docs/api.md). */
type CopyTargetRow = PropertyRow & { copyable: boolean; notCopyableReason: NotCopyableReason | null };

const copyTargetRow = {
  ...schemas.propertyRow,
  required: [...schemas.propertyRow.required, 'copyable', 'notCopyableReason'],
  properties: {
    ...schemas.propertyRow.properties,
    copyable: { type: 'boolean' },
    notCopyableReason: { type: ['string', 'null'] },
  },
} as const;

/**
 * The bulk-copy screen's list (docs/product.md 7, "copy-from-property lists"): every residence
 * of the source residence's department as propertiesbydepartment lists it, each row with
 * whether a copy of the source may go there (domain/copy-targets.ts). Write role only, as
 * copying is (docs/product.md 6).
 */
export function registerCopyTargetRoutes(app: FastifyInstance, { db, guards }: RouteDeps): void {
  app.get<{ Querystring: { sourceAssessmentId: string; propertyId: string } }>(
    '/api/v2/assessment/copytargets',
    {
      preHandler: [guards.authenticate, guards.requireWrite],
      schema: {
        querystring: {
          type: 'object',
          required: ['sourceAssessmentId', 'propertyId'],
          properties: { sourceAssessmentId: schemas.uuid, propertyId: schemas.uuid },
        },
        response: { 200: schemas.arrayOf(copyTargetRow) },
      },
    },
    async (request): Promise<CopyTargetRow[]> => {
      const source = await findAssessment(db, request.user!, request.query.sourceAssessmentId);
      if (source.residence_id !== request.query.propertyId.toLowerCase()) {
        throw notFound('Assessment not found on this property');
      }
      const { department_id } = await db
        .selectFrom('residences')
        .select('department_id')
        .where('id', '=', source.residence_id)
        .executeTakeFirstOrThrow();
      const rows = await departmentPropertyRows(db, department_id);
      const withReady = new Set(rows.filter((r) => r.assessmentStatus === 'ready').map((r) => r.residenceId));
      return rows.map((row) => {
        const reason = notCopyableReason(
          row.residenceId,
          source.residence_id,
          withReady.has(row.residenceId),
        );
        return { ...row, copyable: reason === null, notCopyableReason: reason };
      });
    },
  );
}
