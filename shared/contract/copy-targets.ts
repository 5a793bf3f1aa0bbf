import { Type, type Static } from 'typebox';
import { Uuid } from './common';
import { PropertyRow } from './properties';

/** The bulk-copy screen's list (docs/api.md "copytargets"). */

/** GET /api/v2/assessment/copytargets */
export const CopyTargetsQuery = Type.Object({ sourceAssessmentId: Uuid, propertyId: Uuid });
export type CopyTargetsQuery = Static<typeof CopyTargetsQuery>;

/** Why a copy may not go to a residence: it is the source's own, or it has a ready assessment. */
export const NotCopyableReason = Type.Enum(['source', 'ready'], { type: 'string' });
export type NotCopyableReason = Static<typeof NotCopyableReason>;

/**
 * A row of copytargets: a property-list row of propertiesbydepartment and whether a copy of the
 * source may go there. `notCopyableReason` is null when it may (a type list, as `Nullable`).
 */
export const CopyTargetRow = Type.Object({
  ...PropertyRow.properties,
  copyable: Type.Boolean(),
  notCopyableReason: Type.Unsafe<NotCopyableReason | null>({
    type: ['string', 'null'],
    enum: [...NotCopyableReason.enum, null],
  }),
});
export type CopyTargetRow = Static<typeof CopyTargetRow>;
