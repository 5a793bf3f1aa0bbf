import { createHash } from 'node:crypto';
import type { SyncAnswerRequest } from '../../../shared/rules/answer-validation';
import { HttpError } from '../errors';

/**
 * syncanswer's Idempotency-Key (docs/api.md "syncanswer"): the request's hash stored with the
 * key, and the 409 for a key used before for another request.
 */

/** sha256 of the request's answer fields; an absent field differs from null. */
export function syncRequestHash(body: SyncAnswerRequest): string {
  const canonical = JSON.stringify({
    assessmentId: body.assessmentId.toLowerCase(),
    questionUniqueId: body.questionUniqueId,
    numericValue: body.numericValue,
    values: body.values,
    comment: body.comment,
  });
  return createHash('sha256').update(canonical).digest('hex');
}

export const idempotencyConflict = () =>
  new HttpError(
    409,
    'This Idempotency-Key was already used for a different request',
    'IDEMPOTENCY_KEY_REUSED',
  );

/** The SQLSTATE of idempotency_key_reused() (migration 0007). */
const KEY_REUSED_SQLSTATE = 'BT409';

/** The database refused the write: another request took the key meanwhile. */
export const isKeyReused = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === KEY_REUSED_SQLSTATE;
