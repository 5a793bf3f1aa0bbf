import { Type, type Static } from 'typebox';
import { ERROR_CODES } from './error-codes';

export type { ErrorCode } from './error-codes';

/**
 * The body of every refusal and failure (docs/api.md "Conventions"). A few add a field of their
 * own: syncanswer's 409 ANSWER_CHANGED_SINCE the stored answer (answers.ts AnswerChangedSince),
 * a Stop's 409 JOB_ENDED the job's state and a full queue's 429 JOB_QUEUE_FULL its numbers
 * (jobs.ts JobEnded and JobQueueFull).
 *
 * `code` is one of error-codes.ts, or Fastify's own `FST_` code for a refusal Fastify raises
 * itself before any handler (a body over the limit: FST_ERR_CTP_BODY_TOO_LARGE; a content type
 * it cannot parse).
 */
export const ErrorBody = Type.Object({
  message: Type.String(),
  code: Type.Union([Type.Enum([...ERROR_CODES], { type: 'string' }), Type.TemplateLiteral('FST_${string}')]),
});
export type ErrorBody = Static<typeof ErrorBody>;
