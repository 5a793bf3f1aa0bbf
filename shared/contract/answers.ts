import { Type, type Static } from 'typebox';
import { AssessmentStatus, Nullable, Uuid } from './common';
import { ANSWER_CHANGED_SINCE } from './error-codes';
import { MAX_COMMENT_LENGTH, MAX_ID_LENGTH, MAX_VALUES } from './limits';

/**
 * The question and answer calls (docs/api.md "Assessments": getassessment, questions,
 * syncanswer, synchiddenquestions). shared/rules/answer-validation.ts takes its `Question` and
 * `SyncAnswerRequest` from `Question` and `SyncAnswerBody` here.
 */

// ---- Requests ---------------------------------------------------------------------------

/** GET /api/v2/assessment/getassessment */
export const GetAssessmentQuery = Type.Object({ assessmentId: Uuid, propertyId: Uuid });
export type GetAssessmentQuery = Static<typeof GetAssessmentQuery>;

/** GET /api/v2/questions and GET /api/v2/assessment/synchiddenquestions */
export const AssessmentQuery = Type.Object({ assessmentId: Uuid });
export type AssessmentQuery = Static<typeof AssessmentQuery>;

/**
 * POST /api/v2/sync/syncanswer. Types and sizes are checked here (a huge body is a 400 before
 * any work); what the answer means is checked against its question by the rules.
 */
export const SyncAnswerBody = Type.Object({
  questionUniqueId: Type.String({ minLength: 1, maxLength: MAX_ID_LENGTH }),
  assessmentId: Uuid,
  numericValue: Type.Optional(Nullable(Type.Number())),
  values: Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: MAX_ID_LENGTH }), { maxItems: MAX_VALUES }),
  ),
  comment: Type.Optional(Nullable(Type.String({ maxLength: MAX_COMMENT_LENGTH }))),
  answeredAt: Type.Optional(Type.String({ format: 'date-time', maxLength: 40 })),
});
export type SyncAnswerBody = Static<typeof SyncAnswerBody>;

// ---- Answers ----------------------------------------------------------------------------

/** getassessment (docs/architecture.md 3). */
export const AssessmentDetails = Type.Object({
  assessmentId: Type.String(),
  propertyId: Type.String(),
  assessmentStatus: AssessmentStatus,
  isCalculated: Type.Boolean(),
  converted: Type.Boolean(),
  screeningCompleted: Type.Boolean(),
  excludedHandicaps: Type.Array(Type.String()),
  handicapsForEvaluation: Type.Array(Type.String()),
  validFrom: Nullable(Type.String()),
  lastAnsweredQuestionUniqueId: Nullable(Type.String()),
});
export type AssessmentDetails = Static<typeof AssessmentDetails>;

/** One question of GET /api/v2/questions and of syncanswer's answer (docs/product.md 3 "Question"). */
export const Question = Type.Object({
  id: Type.String(),
  uniqueId: Type.String(),
  title: Type.String(),
  question: Type.String(),
  type: Type.Enum(['numeric', 'single', 'multiple'], { type: 'string' }),
  isOptional: Type.Boolean(),
  isHidden: Type.Boolean(),
  isPreselected: Type.Boolean(),
  comment: Nullable(Type.String()),
  chapter: Type.Object({ id: Type.String(), label: Type.String() }),
  chapterKind: Type.Enum(['screening', 'evaluation'], { type: 'string' }),
  numericQuestionValue: Nullable(Type.Number()),
  numericQuestionSettings: Nullable(
    Type.Object({
      measurementUnits: Nullable(Type.String()),
      rangeStart: Nullable(Type.Number()),
      rangeEnd: Nullable(Type.Number()),
      isDecimal: Type.Boolean(),
    }),
  ),
  options: Type.Array(
    Type.Object({
      answerId: Type.String(),
      label: Type.String(),
      isSelected: Type.Boolean(),
      exclusive: Type.Boolean(),
    }),
  ),
  relevantTo: Type.Array(Type.String()),
});
export type Question = Static<typeof Question>;

/** GET /api/v2/questions and syncanswer: the assessment's questions with its answers. */
export const QuestionList = Type.Array(Question);
export type QuestionList = Static<typeof QuestionList>;

/** synchiddenquestions: a text answer, "3 skjulte spørgsmål, 2 svar fjernet" (docs/product.md 7). */
export const HiddenQuestionsText = Type.String();
export type HiddenQuestionsText = Static<typeof HiddenQuestionsText>;

/**
 * syncanswer's 409 ANSWER_CHANGED_SINCE (docs/api.md "syncanswer"): the error body with the
 * answer the server holds, given after the refused one.
 */
export const AnswerChangedSince = Type.Object({
  message: Type.String(),
  code: Type.Literal(ANSWER_CHANGED_SINCE),
  current: Type.Object({
    values: Type.Array(Type.String()),
    numericValue: Nullable(Type.Number()),
    comment: Nullable(Type.String()),
    /** When it was given (ISO 8601). */
    answeredAt: Type.String(),
    /** The display name of who gave it; null when unknown. */
    answeredBy: Nullable(Type.String()),
  }),
});
export type AnswerChangedSince = Static<typeof AnswerChangedSince>;
