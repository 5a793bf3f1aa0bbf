import { Type, type Static } from 'typebox';

/**
 * The body of every refusal and failure (docs/api.md "Conventions"); syncanswer's 409
 * ANSWER_CHANGED_SINCE adds `current` (dto.ts AnswerChangedSince).
 *
 * `code` is a string, not a union of literals: the server has no one list of its codes. They
 * are HttpError's default per status (server/src/errors.ts), the codes named where a refusal is
 * raised (e.g. TOKEN_EXPIRED in server/src/auth, ASSESSMENT_LOCKED in server/src/domain) and
 * Fastify's own for 4xx it raises itself (FST_ERR_CTP_BODY_TOO_LARGE). The table of status and
 * code in docs/api.md "Conventions" lists them.
 */
export const ErrorBody = Type.Object({
  message: Type.String(),
  code: Type.String(),
});
export type ErrorBody = Static<typeof ErrorBody>;
