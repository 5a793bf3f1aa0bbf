import { Type, type Static } from 'typebox';
import { AssessmentStatus, Nullable, Uuid } from './common';
import { MAX_LOCATED_ITEMS } from './limits';

/**
 * The assessment calls other than the question and answer calls (docs/api.md "Assessments"):
 * lists, scores and create. The server validates the query strings (coerced) and bodies
 * (strict) and serializes the answers with these; the app reads the types through dto.ts.
 */

// ---- Requests ---------------------------------------------------------------------------

/** GET /api/v2/assessment/getassessments */
export const GetAssessmentsQuery = Type.Object({ propertyId: Uuid });
export type GetAssessmentsQuery = Static<typeof GetAssessmentsQuery>;

/** GET /api/v2/assessment/getactiveassessments */
export const ActiveAssessmentsQuery = Type.Object({ organizationId: Uuid });
export type ActiveAssessmentsQuery = Static<typeof ActiveAssessmentsQuery>;

/** One pair of POST /api/v2/assessment/getlocatedassessments. */
export const LocatedAssessmentRequestItem = Type.Object({ propertyId: Uuid, assessmentId: Uuid });
export type LocatedAssessmentRequestItem = Static<typeof LocatedAssessmentRequestItem>;

export const LocatedAssessmentsBody = Type.Array(LocatedAssessmentRequestItem, {
  maxItems: MAX_LOCATED_ITEMS,
});
export type LocatedAssessmentsBody = Static<typeof LocatedAssessmentsBody>;

/** GET /api/v2/assessment/getassessmentscores */
export const AssessmentScoresQuery = Type.Object({ assessmentId: Uuid });
export type AssessmentScoresQuery = Static<typeof AssessmentScoresQuery>;

/** GET /api/v1 and /api/v2/assessment/createnewassessment */
export const CreateAssessmentQuery = Type.Object({
  propertyId: Uuid,
  // An empty value means no source, as when the parameter is left out.
  sourceAssessmentIdToCopyFrom: Type.Optional(Type.Union([Type.String({ maxLength: 0 }), Uuid])),
  // Chosen by the client for an assessment started offline (docs/api.md).
  assessmentId: Type.Optional(Uuid),
});
export type CreateAssessmentQuery = Static<typeof CreateAssessmentQuery>;

// ---- Answers ----------------------------------------------------------------------------

/** getassessments: the residence's non-cancelled assessments, newest first. */
export const AssessmentIds = Type.Object({ assessments: Type.Array(Type.String()) });
export type AssessmentIds = Static<typeof AssessmentIds>;

/** getactiveassessments and getlocatedassessments: one assessment of a list. */
export const AssessmentListEntry = Type.Object({
  assessmentId: Type.String(),
  propertyId: Type.String(),
  departmentId: Type.String(),
  assessmentStatus: AssessmentStatus,
  isCalculated: Type.Boolean(),
  converted: Type.Boolean(),
  location: Type.String(),
  /** ISO; null when not approved. */
  validFrom: Nullable(Type.String()),
  futureApprovedDate: Type.String(),
  createdAt: Type.String(),
  /** Share of required questions answered, 0..1 (drafts show it as a progress bar). */
  progress: Type.Number({ minimum: 0, maximum: 1 }),
  /**
   * The history extension (docs/api.md "Extensions"): who created and who last changed the
   * assessment (their `sso_uuid`, as a token's claim names the user; null when unknown), the last
   * changer's display name and when it changed. A server with only the spec's API sends none.
   */
  createdBy: Type.Optional(Nullable(Type.String())),
  changedBy: Type.Optional(Nullable(Type.String())),
  changedByName: Type.Optional(Nullable(Type.String())),
  changedAt: Type.Optional(Type.String()),
});
export type AssessmentListEntry = Static<typeof AssessmentListEntry>;

/** getassessmentscores: one handicap type's score text (docs/product.md 3). */
export const HandicapScore = Type.Object({ handicapTypeId: Type.String(), scoreText: Type.String() });
export type HandicapScore = Static<typeof HandicapScore>;

/**
 * createnewassessment: the new (or the client-chosen) assessment's id, as a JSON string
 * (`"…"`); the server writes the JSON itself.
 */
export const CreatedAssessmentId = Type.String();
export type CreatedAssessmentId = Static<typeof CreatedAssessmentId>;
