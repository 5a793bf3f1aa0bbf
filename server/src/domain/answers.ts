import { sql, type Kysely } from 'kysely';
import {
  ANSWER_CHANGED_SINCE,
  type AnswerChangedSince as AnswerChangedSinceBody,
} from '../../../shared/contract/dto';
import {
  isCommentOnly,
  isEmptyAnswer,
  mergeAnswer,
  type SyncAnswerRequest,
} from '../../../shared/rules/answer-validation';
import { assertMember, type AuthUser } from '../auth/guard';
import type { Database } from '../db/schema';
import { HttpError, notFound } from '../errors';
import { assertEditable, assertScreeningFirst, assertValidAnswer } from './answer-checks';
import { idempotencyConflict, isKeyReused, syncRequestHash } from './answer-idempotency';
import { answerMapOf } from './answer-rows';
import {
  answerStateCacheOf,
  NO_KEY,
  readAnswerState,
  rememberAnswerState,
  type AnswerState,
  type StoredAnswerRow,
} from './answer-state';
import { deriveAssessmentState } from './assessment-state';
import { questionListJson, type Catalogue } from './question-list';

/**
 * Server side of the question and answer calls (docs/product.md 7: getassessment, questions,
 * syncanswer, synchiddenquestions). This module applies one answer (syncanswer); its siblings
 * hold the rest, re-exported here: the getassessment answer (assessment-details.ts), the
 * catalogue read once (catalogue-cache.ts), the stored answers and their question list
 * (answer-rows.ts, question-list.ts), the refusals (answer-checks.ts), the idempotency key
 * (answer-idempotency.ts), the state an answer is decided on (answer-state.ts) and the removal
 * of hidden questions' answers (hidden-questions.ts). The rules an answer must follow are in
 * shared/rules/answer-validation.ts (shared with the client).
 */

export { toQuestionList, type AnswerRow, type Catalogue } from './question-list';
export { toAssessmentDetails, type AssessmentDetails, type AssessmentRow } from './assessment-details';
export { forgetCatalogue, loadCatalogue } from './catalogue-cache';
export { answerMapOf, loadAnswerRows, questionsOf } from './answer-rows';
export { assertValidAnswer } from './answer-checks';
export { syncRequestHash } from './answer-idempotency';
export { hiddenQuestionsText, syncHiddenQuestions } from './hidden-questions';

export interface SyncAnswerCommand {
  user: AuthUser;
  body: SyncAnswerRequest;
  idempotencyKey: string | undefined;
}

/** The stored rows with one question's answer replaced (or removed when `answer` is null). */
function withAnswer(
  rows: readonly StoredAnswerRow[],
  questionId: string,
  answer: StoredAnswerRow | null,
): StoredAnswerRow[] {
  const others = rows.filter((r) => r.question_unique_id !== questionId);
  return answer ? [...others, answer] : others;
}

/**
 * When the answer was given: the request's `answeredAt`, but never later than the server's
 * clock (a device whose clock runs ahead must not make its answers win for ever), or now.
 */
function givenAt(body: SyncAnswerRequest, now: Date): Date {
  if (body.answeredAt === undefined) return now;
  const given = Date.parse(body.answeredAt);
  return given < now.getTime() ? new Date(given) : now;
}

/**
 * 409 ANSWER_CHANGED_SINCE: the stored answer was given after this one (docs/api.md
 * "syncanswer"). The body's `current` (dto.ts AnswerChangedSince) gets the author's name in
 * applySyncAnswer, once the request has been decided.
 */
class AnswerChangedSince extends HttpError {
  constructor(readonly stored: StoredAnswerRow) {
    super(
      409,
      'The answer was changed after this one was given; this one was not applied',
      ANSWER_CHANGED_SINCE,
    );
  }

  async withAuthor(db: Kysely<Database>): Promise<HttpError> {
    const { stored } = this;
    const author = stored.answered_by
      ? await db
          .selectFrom('users')
          .select('display_name')
          .where('id', '=', stored.answered_by)
          .executeTakeFirst()
      : undefined;
    const current: AnswerChangedSinceBody['current'] = {
      values: stored.values,
      numericValue: stored.numeric_value,
      comment: stored.comment,
      answeredAt: new Date(stored.answered_at).toISOString(),
      answeredBy: author?.display_name ?? null,
    };
    return new HttpError(this.statusCode, this.message, this.code, { current });
  }
}

/**
 * What one request does with the state it read: answer a repeated key with the list as it is
 * (or refuse it), or the answer's write and its response. Throws the request's 403/404/409.
 */
function planAnswer(
  catalogue: Catalogue,
  { user, body, idempotencyKey }: SyncAnswerCommand,
  hash: string | null,
  state: AnswerState | undefined,
) {
  // findAssessment's rules: 404 when unknown, 403 for another organization's, 404 when cancelled.
  if (!state) throw notFound('Assessment not found');
  assertMember(user, state.organization_id);
  if (state.status === 'cancelled') throw notFound('Assessment not found');
  assertValidAnswer(catalogue, body);
  const rows = state.answers as StoredAnswerRow[];

  if (idempotencyKey !== undefined && state.request_hash !== null) {
    if (state.request_hash !== hash) throw idempotencyConflict();
    // Applied before (migration 0009 keeps no response): the list as it is now, which is what
    // a client that lost the first reply needs; the answer is not applied again.
    const derived = deriveAssessmentState(catalogue.questions, answerMapOf(rows), state.converted);
    return { replay: questionListJson(catalogue, rows, derived.excludedHandicaps) };
  }

  assertEditable(state.status);
  const questionId = body.questionUniqueId;
  assertScreeningFirst(catalogue, questionId, rows, state.converted);
  const existing = rows.find((r) => r.question_unique_id === questionId);
  const now = new Date();
  const given = givenAt(body, now);
  // An answer given later (on another device, or by another user) is not overwritten by one
  // that waited on a device. Without `answeredAt` the caller asked for no such check.
  if (body.answeredAt !== undefined && existing && Date.parse(existing.answered_at) > given.getTime()) {
    throw new AnswerChangedSince(existing);
  }
  const merged = mergeAnswer(
    existing && { values: existing.values, numericValue: existing.numeric_value, comment: existing.comment },
    body,
  );
  // Written with the user as answered_by and `given` as answered_at (writeAnswer).
  const fields = {
    values: [...merged.values],
    numeric_value: merged.numericValue,
    comment: merged.comment,
    // Answering confirms a copied answer; a comment alone does not.
    preselected: isCommentOnly(body) ? (existing?.preselected ?? false) : false,
  };
  const empty = isEmptyAnswer(merged);
  const after = withAnswer(
    rows,
    questionId,
    empty
      ? null
      : { question_unique_id: questionId, ...fields, answered_by: user.id, answered_at: given.toISOString() },
  );
  const derived = deriveAssessmentState(catalogue.questions, answerMapOf(after), state.converted);
  const json = questionListJson(catalogue, after, derived.excludedHandicaps);
  return { write: { fields: empty ? null : fields, derived, now, given, json, after } };
}

type AnswerWrite = NonNullable<ReturnType<typeof planAnswer>['write']>;

/**
 * The answer, the assessment's derived fields and the key with its request's hash, applied
 * only while the assessment row is still the version that was read (`xmin`): a request that
 * lost the race changes nothing. A key another request took meanwhile aborts the write,
 * answer and all (idempotency_key_reused(), migration 0007). One call of
 * `sync_answer_write` (migrations 0009 and 0011), whose statements are planned once per connection
 * rather than once per answer. Answers the row's new version, or null when it did not apply.
 */
async function writeAnswer(
  db: Kysely<Database>,
  { user, body, idempotencyKey }: SyncAnswerCommand,
  hash: string | null,
  state: AnswerState,
  { fields, derived, now, given }: AnswerWrite,
): Promise<string | null> {
  const { rows } = await sql<{ version: string | null }>`select sync_answer_write(
      ${state.id}, ${state.version},
      ${derived.screeningCompleted}, ${derived.excludedHandicaps},
      ${derived.handicapsForEvaluation}, ${derived.isCalculated},
      ${body.questionUniqueId}, ${now}, ${given},
      ${fields !== null}, ${fields?.values ?? null}, ${fields?.numeric_value ?? null},
      ${fields?.comment ?? null}, ${fields?.preselected ?? null}, ${user.id},
      ${idempotencyKey ?? null}, ${hash}
    ) as version`.execute(db);
  return rows[0]!.version;
}

/**
 * Applies one answer (docs/api.md "syncanswer"): checks access (404/403 as findAssessment)
 * and the answer against its question (400), answers a repeated idempotency key with the
 * current question list without applying it again (409 when the body differs), refuses a
 * locked assessment (409), an evaluation answer before the screening is complete (409
 * SCREENING_NOT_COMPLETE, not for converted assessments) and an answer given before the
 * stored one (409, with the stored one), upserts the answer (confirming a copied one unless
 * only the comment changes; an answer left empty is deleted), recomputes the screening fields,
 * isCalculated, the last answered question and updated_at, and records the key with the
 * request's hash. Answers the whole question list as JSON (UTF-8 bytes) and whether this request
 * applied the answer (false for a repeated key).
 *
 * One statement when this process answered the assessment last (docs/performance.md "The
 * API under load"): the write applies only if the assessment row is still the version this
 * process remembers (writeAnswer), and every write of answers also writes that row, so an
 * unchanged row means unchanged answers and status. Otherwise two: one read of the
 * assessment, its answers and the key, and the same conditional write. A request that loses
 * that race (two answers to one assessment at the same moment) does it again in a
 * transaction with the assessment locked, as every request did before: requests with the
 * same key and body then share the lock, and the second one reads the key the first stored.
 */
export async function applySyncAnswer(
  db: Kysely<Database>,
  catalogue: Catalogue,
  command: SyncAnswerCommand,
): Promise<{ json: Buffer; applied: boolean }> {
  const { user, body, idempotencyKey } = command;
  const hash = idempotencyKey === undefined ? null : syncRequestHash(body);
  const known = answerStateCacheOf(db);
  const assessmentId = body.assessmentId.toLowerCase();
  const attempt = async (trx: Kysely<Database>, state: AnswerState | undefined) => {
    const plan = planAnswer(catalogue, command, hash, state);
    if (plan.replay !== undefined) return { json: plan.replay, applied: false };
    const version = await writeAnswer(trx, command, hash, state!, plan.write);
    if (version === null) return null;
    rememberAnswerState(known, { ...state!, version, answers: plan.write.after });
    return { json: plan.write.json, applied: true };
  };
  const read = async (trx: Kysely<Database>, lock: boolean) => {
    const state = await readAnswerState(trx, assessmentId, user.id, idempotencyKey, lock);
    if (state) rememberAnswerState(known, { ...state, ...NO_KEY });
    return state;
  };
  try {
    // The state this process wrote or read last: right as long as the row is that version.
    const remembered = known.get(assessmentId);
    if (remembered) {
      try {
        const fast = await attempt(db, remembered);
        if (fast) return fast;
      } catch (error) {
        // Nothing was written. A remembered state may be old, so what it refused (a 4xx, a key
        // taken) is decided again on the state as read; a key used before is found there with
        // what it stored. Anything else is no refusal and goes up as it is.
        if (!(error instanceof HttpError) && !isKeyReused(error)) throw error;
      }
    }
    const optimistic = await attempt(db, await read(db, false));
    if (optimistic) return optimistic;
    return await db.transaction().execute(async (trx) => {
      const locked = await attempt(trx, await read(trx, true));
      // Locked, the row cannot have changed since it was read.
      if (!locked) throw new Error('the locked assessment changed while locked');
      return locked;
    });
  } catch (error) {
    if (error instanceof AnswerChangedSince) throw await error.withAuthor(db);
    throw isKeyReused(error) ? idempotencyConflict() : error;
  }
}
