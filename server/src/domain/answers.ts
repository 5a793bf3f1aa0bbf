import { createHash } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import {
  answerErrorMessage,
  isCommentOnly,
  isEmptyAnswer,
  mergeAnswer,
  validateAnswer,
  type Question,
  type SyncAnswerRequest,
} from '../../../shared/rules/answer-validation';
import { isHiddenQuestion, isScreeningComplete, type AnswerValue } from '../../../shared/rules/screening';
import {
  awaitsScreening,
  SCREENING_NOT_COMPLETE,
  SCREENING_NOT_COMPLETE_MESSAGE,
} from '../../../shared/rules/screening-first';
import { isEditableStatus } from '../../../shared/rules/statuses';
import type { AssessmentStatus, Database } from '../db/schema';
import { assertMember, type AuthUser } from '../auth/guard';
import { ANSWER_ERROR_CODES } from '../../../shared/contract/error-codes';
import { HttpError, notFound } from '../errors';
import { setBounded } from '../bounded-map';
import { deriveAssessmentState } from './assessment-state';
import { loadQuestions } from './catalogue';
import { questionListJson, toQuestionList, type AnswerRow, type Catalogue } from './question-list';
import { isoDate } from './residences';

/**
 * Server side of the question and answer calls (docs/product.md 7: getassessment, questions,
 * syncanswer, synchiddenquestions): the question list of an assessment, applying one answer
 * with its idempotency key, and removing the answers of hidden questions. The rules an answer
 * must follow are in shared/rules/answer-validation.ts (shared with the client).
 */

export { toQuestionList, type AnswerRow, type Catalogue };

/** GET /api/v2/assessment/getassessment (docs/architecture.md 3, "getassessment response"). */
import {
  ANSWER_CHANGED_SINCE,
  type AnswerChangedSince as AnswerChangedSinceBody,
  type AssessmentDetails,
} from '../../../shared/contract/dto';
export type { AssessmentDetails };

/** An assessment row as findAssessment answers it. */
export interface AssessmentRow {
  id: string;
  residence_id: string;
  status: AssessmentStatus;
  is_calculated: boolean;
  converted: boolean;
  screening_completed: boolean;
  excluded_handicaps: string[];
  handicaps_for_evaluation: string[];
  valid_from: Date | null;
  last_answered_question_unique_id: string | null;
}

export function toAssessmentDetails(row: AssessmentRow): AssessmentDetails {
  return {
    assessmentId: row.id,
    propertyId: row.residence_id,
    assessmentStatus: row.status,
    isCalculated: row.is_calculated,
    converted: row.converted,
    screeningCompleted: row.screening_completed,
    excludedHandicaps: row.excluded_handicaps,
    handicapsForEvaluation: row.handicaps_for_evaluation,
    validFrom: row.status === 'approved' && row.valid_from ? isoDate(row.valid_from) : null,
    lastAnsweredQuestionUniqueId: row.last_answered_question_unique_id,
  };
}

// ---------------------------------------------------------------------------------------------
// The question list
// ---------------------------------------------------------------------------------------------

const catalogues = new WeakMap<Kysely<Database>, Promise<Catalogue>>();

/**
 * The catalogue of this database, read once (docs/performance.md "The API under load"): every
 * question call needs it, and nothing changes it while the server runs (the seed and the
 * migrations run before it listens), like `staticcontent` (content/static-content-cache.ts).
 * Whatever changes the catalogue at run time must call `forgetCatalogue` afterwards.
 */
export function loadCatalogue(db: Kysely<Database>): Promise<Catalogue> {
  let catalogue = catalogues.get(db);
  if (!catalogue) {
    const reading = readCatalogue(db);
    catalogue = reading;
    catalogues.set(db, reading);
    // A failed read (the database away) is not kept: the next call tries again.
    reading.catch(() => {
      if (catalogues.get(db) === reading) catalogues.delete(db);
    });
  }
  return catalogue;
}

/** The next loadCatalogue reads the catalogue again. */
export function forgetCatalogue(db: Kysely<Database>): void {
  catalogues.delete(db);
}

async function readCatalogue(db: Kysely<Database>): Promise<Catalogue> {
  const [questions, numbers, chapters] = await Promise.all([
    loadQuestions(db),
    db.selectFrom('questions').select(['unique_id', 'number']).execute(),
    db.selectFrom('chapters').select(['id', 'label', 'kind']).execute(),
  ]);
  return {
    questions,
    byId: new Map(questions.map((q) => [q.uniqueId, q])),
    numbers: new Map(numbers.map((n) => [n.unique_id, n.number])),
    chapters: new Map(chapters.map((c) => [c.id, { label: c.label, kind: c.kind }])),
  };
}

/** The columns of `answers` that make an AnswerRow. */
const ANSWER_ROW_COLUMNS = [
  'question_unique_id',
  'values',
  'numeric_value',
  'comment',
  'preselected',
] as const;

export function loadAnswerRows(db: Kysely<Database>, assessmentId: string): Promise<AnswerRow[]> {
  return db
    .selectFrom('answers')
    .select(ANSWER_ROW_COLUMNS)
    .where('assessment_id', '=', assessmentId)
    .execute();
}

export function answerMapOf(rows: readonly AnswerRow[]): Map<string, AnswerValue> {
  return new Map(
    rows.map((r) => [r.question_unique_id, { values: r.values, numericValue: r.numeric_value }]),
  );
}

/** The question list of an assessment as stored now. */
export async function questionsOf(
  db: Kysely<Database>,
  catalogue: Catalogue,
  assessment: { id: string; converted: boolean },
): Promise<Question[]> {
  const rows = await loadAnswerRows(db, assessment.id);
  const state = deriveAssessmentState(catalogue.questions, answerMapOf(rows), assessment.converted);
  return toQuestionList(catalogue, rows, state.excluded_handicaps);
}

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

/** The assessment row, locked until the transaction ends; gone and cancelled ones are 404. */
async function lockAssessment(trx: Transaction<Database>, assessmentId: string) {
  const row = await trx
    .selectFrom('assessments')
    .select(['id', 'status', 'converted'])
    .where('id', '=', assessmentId)
    .forUpdate()
    .executeTakeFirst();
  if (!row || row.status === 'cancelled') throw notFound('Assessment not found');
  return row;
}

function assertEditable(status: AssessmentStatus): void {
  if (!isEditableStatus(status)) {
    throw new HttpError(
      409,
      `The assessment is ${status}: answers can only be changed while it is a draft or rejected`,
      'ASSESSMENT_LOCKED',
    );
  }
}

/**
 * 409 SCREENING_NOT_COMPLETE unless the question takes answers now: an evaluation question only
 * once the screening is complete by the stored answers (shared/rules/screening-first.ts; converted
 * assessments skip screening). Any write to it is refused, a comment or an emptied answer too.
 */
function assertScreeningFirst(
  catalogue: Catalogue,
  questionId: string,
  rows: readonly AnswerRow[],
  converted: boolean,
): void {
  const question = catalogue.byId.get(questionId);
  if (!question || question.chapterId === 'screening' || converted) return;
  const screening = catalogue.questions.filter((q) => q.chapterId === 'screening');
  if (awaitsScreening('evaluation', isScreeningComplete(screening, answerMapOf(rows)))) {
    throw new HttpError(409, SCREENING_NOT_COMPLETE_MESSAGE, SCREENING_NOT_COMPLETE);
  }
}

/** 400 unless the answer suits its question (shared/rules/answer-validation.ts). */
export function assertValidAnswer(catalogue: Catalogue, body: SyncAnswerRequest): void {
  const error = validateAnswer(catalogue.byId.get(body.questionUniqueId), body);
  if (error) throw new HttpError(400, answerErrorMessage(error), ANSWER_ERROR_CODES[error.code]);
}

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

export interface SyncAnswerCommand {
  user: AuthUser;
  body: SyncAnswerRequest;
  idempotencyKey: string | undefined;
}

/**
 * The assessment (with its row version, `xmin`), its answers and, with a key, what the key
 * stored: one statement, one snapshot. With `lock`, the assessment is locked first, in a
 * statement of its own, until the transaction ends: a locking read waits for a concurrent
 * writer and then answers the row as that writer left it, but its subqueries still see the
 * statement's older snapshot (the answers without that writer's), so they are read after.
 */
async function readAnswerState(
  db: Kysely<Database>,
  assessmentId: string,
  userId: string,
  idempotencyKey: string | undefined,
  lock: boolean,
) {
  if (lock) {
    await db.selectFrom('assessments').select('id').where('id', '=', assessmentId).forUpdate().execute();
  }
  return db
    .selectFrom('assessments as a')
    .leftJoin('sync_requests as s', (join) =>
      join.on('s.user_id', '=', userId).on('s.idempotency_key', '=', idempotencyKey ?? null),
    )
    .select(['a.id', 'a.organization_id', 'a.status', 'a.converted', 's.request_hash'])
    .select((eb) => [
      sql<string>`a.xmin::text`.as('version'),
      jsonArrayFrom(
        eb
          .selectFrom('answers')
          .select([...ANSWER_ROW_COLUMNS, 'answered_by', 'answered_at'])
          .whereRef('assessment_id', '=', 'a.id'),
      ).as('answers'),
    ])
    .where('a.id', '=', assessmentId)
    .executeTakeFirst();
}

type AnswerState = NonNullable<Awaited<ReturnType<typeof readAnswerState>>>;

/** A stored answer as the state holds it: with who gave it and when (JSON: an ISO string). */
type StoredAnswerRow = AnswerRow & { answered_by: string | null; answered_at: string };

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

const idempotencyConflict = () =>
  new HttpError(
    409,
    'This Idempotency-Key was already used for a different request',
    'IDEMPOTENCY_KEY_REUSED',
  );

/** The SQLSTATE of idempotency_key_reused() (migration 0007). */
const KEY_REUSED_SQLSTATE = 'BT409';

const isKeyReused = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === KEY_REUSED_SQLSTATE;

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
    return { replay: questionListJson(catalogue, rows, derived.excluded_handicaps) };
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
  const json = questionListJson(catalogue, after, derived.excluded_handicaps);
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
      ${derived.screening_completed}, ${derived.excluded_handicaps},
      ${derived.handicaps_for_evaluation}, ${derived.is_calculated},
      ${body.questionUniqueId}, ${now}, ${given},
      ${fields !== null}, ${fields?.values ?? null}, ${fields?.numeric_value ?? null},
      ${fields?.comment ?? null}, ${fields?.preselected ?? null}, ${user.id},
      ${idempotencyKey ?? null}, ${hash}
    ) as version`.execute(db);
  return rows[0]!.version;
}

/** Assessments whose answer state a process remembers: those being answered now, and more. */
const KNOWN_ASSESSMENTS = 2_000;

/** A remembered state says nothing about keys: a key is looked up when its write is refused. */
const NO_KEY = { request_hash: null } as const;

const answerStates = new WeakMap<Kysely<Database>, Map<string, AnswerState>>();

/**
 * Per database, the last state of each assessment this process answered: its row version, its
 * organization, status and answers. The write applies only to that version, so a state that
 * another process or writer has moved on is found out by the write itself, which then changes
 * nothing, and the request reads the state again.
 */
function answerStateCacheOf(db: Kysely<Database>): Map<string, AnswerState> {
  let cache = answerStates.get(db);
  if (!cache) {
    cache = new Map();
    answerStates.set(db, cache);
  }
  return cache;
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
 * One statement when this process answered the assessment last (docs/architecture.md "The
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
    setBounded(known, state!.id, { ...state!, version, answers: plan.write.after }, KNOWN_ASSESSMENTS);
    return { json: plan.write.json, applied: true };
  };
  const read = async (trx: Kysely<Database>, lock: boolean) => {
    const state = await readAnswerState(trx, assessmentId, user.id, idempotencyKey, lock);
    if (state) setBounded(known, state.id, { ...state, ...NO_KEY }, KNOWN_ASSESSMENTS);
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

/**
 * synchiddenquestions: removes the answers of the questions that screening hides now (they
 * must not count) and recomputes the derived fields, in one transaction. 409 when locked.
 */
export async function syncHiddenQuestions(
  db: Kysely<Database>,
  catalogue: Catalogue,
  assessmentId: string,
): Promise<{ hidden: number; removed: number }> {
  return db.transaction().execute(async (trx) => {
    const assessment = await lockAssessment(trx, assessmentId);
    assertEditable(assessment.status);
    const rows = await loadAnswerRows(trx, assessment.id);
    const before = deriveAssessmentState(catalogue.questions, answerMapOf(rows), assessment.converted);
    const hidden = catalogue.questions.filter((q) => isHiddenQuestion(q, before.excluded_handicaps));
    const hiddenIds = new Set(hidden.map((q) => q.uniqueId));
    const remove = rows.filter((r) => hiddenIds.has(r.question_unique_id)).map((r) => r.question_unique_id);
    if (remove.length > 0) {
      await trx
        .deleteFrom('answers')
        .where('assessment_id', '=', assessment.id)
        .where('question_unique_id', 'in', remove)
        .execute();
    }
    const kept = rows.filter((r) => !hiddenIds.has(r.question_unique_id));
    const state = deriveAssessmentState(catalogue.questions, answerMapOf(kept), assessment.converted);
    await trx
      .updateTable('assessments')
      .set(remove.length > 0 ? { ...state, updated_at: new Date() } : state)
      .where('id', '=', assessment.id)
      .execute();
    return { hidden: hidden.length, removed: remove.length };
  });
}

/** The text answer of synchiddenquestions: "3 skjulte spørgsmål, 2 svar fjernet". */
export function hiddenQuestionsText({ hidden, removed }: { hidden: number; removed: number }): string {
  return `${hidden} ${hidden === 1 ? 'skjult' : 'skjulte'} spørgsmål, ${removed} svar fjernet`;
}
