import { Type, type Static } from 'typebox';
import { Uuid } from './common';
import { MAX_ABANDON_ITEMS } from './limits';

/** Deleting assessments (docs/api.md "abandonassessment" and "abandonassessments"). */

/** One assessment on its residence: the query of abandonassessment, an item of abandonassessments. */
export const AbandonPair = Type.Object({ assessmentId: Uuid, propertyId: Uuid });
export type AbandonPair = Static<typeof AbandonPair>;

/** POST /api/v2/assessment/abandonassessments */
export const AbandonManyBody = Type.Object({
  assessments: Type.Array(AbandonPair, { minItems: 1, maxItems: MAX_ABANDON_ITEMS }),
});
export type AbandonManyBody = Static<typeof AbandonManyBody>;

/** abandonassessment: `{ "message": "ok" }`. */
export const AbandonedOne = Type.Object({ message: Type.String() });
export type AbandonedOne = Static<typeof AbandonedOne>;

/** abandonassessments: how many of the listed assessments are cancelled now (all of them). */
export const AbandonedMany = Type.Object({ abandoned: Type.Integer() });
export type AbandonedMany = Static<typeof AbandonedMany>;
