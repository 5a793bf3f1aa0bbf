import type { AnswerError } from '../rules/answer-validation';

/**
 * Every `code` of an error body the API sends (docs/api.md "Conventions"), as plain values: the
 * server's HttpError takes only these (server/src/errors.ts), errors.ts builds the ErrorBody
 * schema from them, and the app may compare against them without loading TypeBox. Fastify's
 * own refusals (a body over the limit: FST_ERR_CTP_BODY_TOO_LARGE) keep Fastify's `FST_` code
 * and are not listed (errors.ts).
 */

/** syncanswer's refusal of an answer given before the stored one (docs/api.md "syncanswer"). */
export const ANSWER_CHANGED_SINCE = 'ANSWER_CHANGED_SINCE';

/**
 * The code of an answer its question does not allow (400), by the rule that refused it
 * (shared/rules/answer-validation.ts): `ANSWER_` and the rule's name in capitals.
 */
export const ANSWER_ERROR_CODES = {
  unknownQuestion: 'ANSWER_UNKNOWN_QUESTION',
  nothingToSave: 'ANSWER_NOTHING_TO_SAVE',
  valuesNotAllowed: 'ANSWER_VALUES_NOT_ALLOWED',
  numericValueNotAllowed: 'ANSWER_NUMERIC_VALUE_NOT_ALLOWED',
  notANumber: 'ANSWER_NOT_A_NUMBER',
  outOfRange: 'ANSWER_OUT_OF_RANGE',
  notAnInteger: 'ANSWER_NOT_AN_INTEGER',
  tooManyDecimals: 'ANSWER_TOO_MANY_DECIMALS',
  tooManyValues: 'ANSWER_TOO_MANY_VALUES',
  unknownOption: 'ANSWER_UNKNOWN_OPTION',
  duplicateOption: 'ANSWER_DUPLICATE_OPTION',
  exclusiveCombined: 'ANSWER_EXCLUSIVE_COMBINED',
  commentTooLong: 'ANSWER_COMMENT_TOO_LONG',
  invalidComment: 'ANSWER_INVALID_COMMENT',
} as const satisfies Record<AnswerError['code'], `ANSWER_${string}`>;

/** The other codes, by the status they come with. */
export const API_ERROR_CODES = [
  // 400
  'BAD_REQUEST',
  'TARGET_IS_SOURCE',
  // 401
  'UNAUTHORIZED',
  'TOKEN_MISSING',
  'TOKEN_INVALID',
  'TOKEN_EXPIRED',
  'SESSION_ENDED',
  // 403
  'FORBIDDEN',
  // 404
  'NOT_FOUND',
  // 405 (the hub: a POST on a WebSocket connection)
  'METHOD_NOT_ALLOWED',
  // 409
  'CONFLICT',
  'ASSESSMENT_LOCKED',
  'ASSESSMENT_APPROVED',
  'ASSESSMENT_NOT_APPROVABLE',
  'ASSESSMENT_ID_TAKEN',
  'PHOTO_ID_TAKEN',
  'PHOTO_UPLOAD_IN_PROGRESS',
  'TARGET_READY',
  'IDEMPOTENCY_KEY_REUSED',
  ANSWER_CHANGED_SINCE,
  'SCREENING_NOT_COMPLETE',
  'JOB_ENDED',
  // 413 (a photo over MAX_PHOTO_BYTES)
  'PHOTO_TOO_LARGE',
  // 414
  'URL_TOO_LONG',
  // 415 (a photo that is not a JPEG, PNG or WebP by its bytes)
  'PHOTO_TYPE_NOT_ALLOWED',
  // 429
  'RATE_LIMITED',
  'TOO_MANY_CONNECTIONS',
  'JOB_QUEUE_FULL',
  // 500
  'INTERNAL',
  // Any other status without a code of its own (server/src/errors.ts).
  'ERROR',
] as const;

export type AnswerErrorCode = (typeof ANSWER_ERROR_CODES)[keyof typeof ANSWER_ERROR_CODES];

export type ErrorCode = (typeof API_ERROR_CODES)[number] | AnswerErrorCode;

/** Every code of ErrorCode, for the ErrorBody schema. */
export const ERROR_CODES: readonly ErrorCode[] = [...API_ERROR_CODES, ...Object.values(ANSWER_ERROR_CODES)];

/**
 * The code of a job item that failed (docs/api.md "Jobs", "Item failures"): a job's
 * `failedItems` and its items' `code` carry it beside the Danish reason, never an error body.
 * Some share an error code's name and meaning; `FAILED` stands for a failed item stored
 * without a code.
 */
export const JOB_ITEM_FAILURE_CODES = [
  // finishassessments: the assessment changed since the job was queued
  'ASSESSMENT_NOT_FOUND',
  'ASSESSMENT_APPROVED',
  'ASSESSMENT_NOT_APPROVABLE',
  'ASSESSMENT_NOT_CALCULATED',
  // copyassessments: the target or the source changed since
  'PROPERTY_NOT_FOUND',
  'SOURCE_NOT_FOUND',
  'TARGET_READY',
  // any job: it failed five times, or its user lost the right to it
  'JOB_ABORTED',
  'WRITE_ACCESS_LOST',
  'MEMBERSHIP_LOST',
  'FAILED',
] as const;

export type JobItemFailureCode = (typeof JOB_ITEM_FAILURE_CODES)[number];
