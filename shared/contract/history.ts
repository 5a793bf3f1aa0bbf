import { Type, type Static } from 'typebox';
import { Nullable, Uuid } from './common';

/**
 * GET /api/v2/ext/assessmenthistory: who did what to an assessment, and when (docs/api.md
 * "Extensions", docs/domain.md 5.6). Not part of the spec's API: a server announces it in
 * staticcontent's `extensions`, and the app shows the history and the names only then.
 */

/** The name staticcontent's `extensions` lists when the server answers the history. */
export const HISTORY_EXTENSION = 'history';

export const HistoryQuery = Type.Object({ assessmentId: Uuid });
export type HistoryQuery = Static<typeof HistoryQuery>;

export const HISTORY_EVENT_KINDS = [
  'created',
  'copied',
  'unlocked',
  'answered',
  'calculated',
  'approved',
  'deleted',
  'replaced',
] as const;
export type HistoryEventKind = (typeof HISTORY_EVENT_KINDS)[number];

export const HistoryEvent = Type.Object({
  kind: Type.Enum([...HISTORY_EVENT_KINDS], { type: 'string' }),
  /** When it happened (ISO 8601); for answered, the last answer of that day. */
  at: Type.String(),
  /** The user's display name; null when unknown (a row from before the history). */
  by: Nullable(Type.String()),
  /** Done by a bulk job (a copy, an approval, or the overwrite of a copy). */
  byJob: Type.Boolean(),
  /** answered: how many answers that user gave that day (YYYY-MM-DD in Copenhagen). */
  count: Nullable(Type.Integer({ minimum: 0 })),
  day: Nullable(Type.String()),
  /** copied and unlocked: the assessment whose answers were taken, and its residence's location as every list shows it. */
  sourceAssessmentId: Nullable(Uuid),
  sourceAddress: Nullable(Type.String()),
  /** approved: the day it takes effect (ISO 8601, midnight in Copenhagen). */
  validFrom: Nullable(Type.String()),
});
export type HistoryEvent = Static<typeof HistoryEvent>;

export const AssessmentHistory = Type.Object({
  assessmentId: Uuid,
  createdBy: Nullable(Type.String()),
  changedBy: Nullable(Type.String()),
  approvedBy: Nullable(Type.String()),
  /** Oldest first. */
  events: Type.Array(HistoryEvent),
});
export type AssessmentHistory = Static<typeof AssessmentHistory>;
