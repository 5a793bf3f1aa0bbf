import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import {
  answerErrorMessage,
  isCommentOnly,
  isEmptyAnswer,
  MAX_COMMENT_LENGTH,
  MAX_ID_LENGTH,
  MAX_IDEMPOTENCY_KEY_LENGTH,
  MAX_VALUES,
  mergeAnswer,
  validateAnswer,
  type AnswerError,
  type Question,
  type SyncAnswerRequest,
} from '../../../src/domain/answer-validation';
import type { ChapterKind, QuestionDef } from '../../../src/domain/catalogue';
import type { ScreenedHandicap } from '../../../src/domain/handicaps';
import { isHiddenQuestion, type AnswerValue } from '../../../src/domain/screening';
import { isEditableStatus } from '../../../src/domain/statuses';
import type { AssessmentStatus, Database } from '../db/schema';
import { assertMember, type AuthUser } from '../auth/guard';
import { HttpError, notFound } from '../errors';
import { deriveAssessmentState } from './assessment-state';
import { loadQuestions } from './catalogue';
import { isoDate } from './residences';
import * as schemas from './schemas';

/**
 * Server side of the question and answer calls (docs/product.md 7: getassessment, questions,
 * syncanswer, synchiddenquestions): the question list of an assessment, applying one answer
 * with its idempotency key, and removing the answers of hidden questions. The rules an answer
 * must follow are in src/domain/answer-validation.ts (shared with the client).
 */

/** GET /api/v2/assessment/getassessment (docs/architecture.md 3, "getassessment response"). */
import type { AssessmentDetails } from '../../../src/api/dto';
export type { AssessmentDetails };

/** A stored response older than this is dropped; its key stays and is still never re-applied. */
export const SYNC_RESPONSE_RETENTION_DAYS = 30;

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

/** The catalogue with what the wire needs beyond the definitions: numbers and chapter labels. */
export interface Catalogue {
  /** Screening first, in catalogue order. */
  questions: QuestionDef[];
  byId: ReadonlyMap<string, QuestionDef>;
  numbers: ReadonlyMap<string, string>;
  chapters: ReadonlyMap<string, { label: string; kind: ChapterKind }>;
}

const catalogues = new WeakMap<Kysely<Database>, Promise<Catalogue>>();

/**
 * The catalogue of this database, read once (docs/architecture.md "The API under load"): every
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

/** A stored answer with what the question list shows. */
export interface AnswerRow {
  question_unique_id: string;
  values: string[];
  numeric_value: number | null;
  comment: string | null;
  preselected: boolean;
}

export function loadAnswerRows(db: Kysely<Database>, assessmentId: string): Promise<AnswerRow[]> {
  return db
    .selectFrom('answers')
    .select(['question_unique_id', 'values', 'numeric_value', 'comment', 'preselected'])
    .where('assessment_id', '=', assessmentId)
    .execute();
}

export function answerMapOf(rows: readonly AnswerRow[]): Map<string, AnswerValue> {
  return new Map(
    rows.map((r) => [r.question_unique_id, { values: r.values, numericValue: r.numeric_value }]),
  );
}

/**
 * The assessment's questions in catalogue order with its answers. `excluded` are the handicap
 * types excluded at screening (none for converted assessments, whose screening questions are
 * still listed: the client skips them by the assessment's converted flag).
 */
export function toQuestionList(
  catalogue: Catalogue,
  rows: readonly AnswerRow[],
  excluded: readonly ScreenedHandicap[],
): Question[] {
  const answers = new Map(rows.map((r) => [r.question_unique_id, r]));
  return catalogue.questions.map((q) => {
    const answer = answers.get(q.uniqueId);
    const kind: ChapterKind = q.chapterId === 'screening' ? 'screening' : 'evaluation';
    const selected = new Set(answer?.values ?? []);
    return {
      id: catalogue.numbers.get(q.uniqueId) ?? '',
      uniqueId: q.uniqueId,
      title: q.title,
      question: q.text,
      type: q.type,
      isOptional: q.isOptional,
      isHidden: isHiddenQuestion(q, excluded),
      isPreselected: answer?.preselected ?? false,
      comment: answer?.comment ?? null,
      chapter: { id: q.chapterId, label: catalogue.chapters.get(q.chapterId)?.label ?? q.chapterId },
      chapterKind: kind,
      numericQuestionValue: q.type === 'numeric' ? (answer?.numeric_value ?? null) : null,
      numericQuestionSettings:
        q.type === 'numeric'
          ? {
              measurementUnits: q.measurementUnits ?? null,
              rangeStart: q.rangeStart ?? null,
              rangeEnd: q.rangeEnd ?? null,
              isDecimal: q.isDecimal ?? false,
            }
          : null,
      options: (q.options ?? []).map((o) => ({
        answerId: o.answerId,
        label: o.label,
        isSelected: selected.has(o.answerId),
        exclusive: o.exclusive ?? false,
      })),
      relevantTo: [...q.relevantTo],
    };
  });
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

/**
 * The assessment row, locked until the transaction ends, with findAssessment's rules: 404 when
 * unknown, 403 for another organization's, 404 when cancelled.
 */
async function lockVisibleAssessment(trx: Transaction<Database>, user: AuthUser, assessmentId: string) {
  const row = await trx
    .selectFrom('assessments')
    .select(['id', 'organization_id', 'status', 'converted'])
    .where('id', '=', assessmentId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound('Assessment not found');
  assertMember(user, row.organization_id);
  if (row.status === 'cancelled') throw notFound('Assessment not found');
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

/** "outOfRange" → "ANSWER_OUT_OF_RANGE": the code of a refused answer in the error body. */
const answerErrorCode = (error: AnswerError) =>
  `ANSWER_${error.code.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;

/** 400 unless the answer suits its question (src/domain/answer-validation.ts). */
export function assertValidAnswer(catalogue: Catalogue, body: SyncAnswerRequest): void {
  const error = validateAnswer(catalogue.byId.get(body.questionUniqueId), body);
  if (error) throw new HttpError(400, answerErrorMessage(error), answerErrorCode(error));
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
  /** The response's JSON text, as the route sends it (its response schema's serializer). */
  serialize(questions: Question[]): string;
}

/**
 * The answers of the assessment and, with a key, what the key stored: one query. Read after
 * the assessment is locked, so it sees every answer committed before.
 */
async function readAnswerState(
  trx: Transaction<Database>,
  assessmentId: string,
  userId: string,
  idempotencyKey: string | undefined,
) {
  const row = await trx
    .selectNoFrom((eb) => [
      jsonArrayFrom(
        eb
          .selectFrom('answers')
          .select(['question_unique_id', 'values', 'numeric_value', 'comment', 'preselected'])
          .where('assessment_id', '=', assessmentId),
      ).as('answers'),
      jsonObjectFrom(
        eb
          .selectFrom('sync_requests')
          .select(['request_hash', 'response'])
          .where('user_id', '=', userId)
          .where('idempotency_key', '=', idempotencyKey ?? null),
      ).as('stored'),
    ])
    .executeTakeFirstOrThrow();
  return {
    rows: row.answers as AnswerRow[],
    stored: row.stored as { request_hash: string; response: string | null } | null,
  };
}

/** The stored rows with one question's answer replaced (or removed when `answer` is null). */
function withAnswer(rows: readonly AnswerRow[], questionId: string, answer: AnswerRow | null): AnswerRow[] {
  const others = rows.filter((r) => r.question_unique_id !== questionId);
  return answer ? [...others, answer] : others;
}

const idempotencyConflict = () =>
  new HttpError(
    409,
    'This Idempotency-Key was already used for a different request',
    'IDEMPOTENCY_KEY_REUSED',
  );

/**
 * Applies one answer in one transaction (docs/api.md "syncanswer"): locks the assessment
 * (404/403 as findAssessment), checks the answer against its question (400), answers a
 * repeated idempotency key with the stored response (409 when the body differs), refuses a
 * locked assessment (409), upserts the answer (confirming a copied one unless only the
 * comment changes; an answer left empty is deleted), recomputes the screening fields,
 * isCalculated, the last answered question and updated_at, and stores the response under the
 * key. Answers the whole question list as JSON text (stored as sent, and sent again as
 * stored), and whether this request applied the answer (false for a repeated key).
 *
 * Four statements (docs/architecture.md "The API under load"): the lock; one read of the
 * answers and the key; one write of the answer, the assessment and the key, as common table
 * expressions of a single statement, which also drops the user's stored responses past the
 * retention; and the commit. Requests with the same key and body share the assessment's lock,
 * so the second one reads the key the first stored; the same key with another body on another
 * assessment meets the first one's key on insert and is refused as a whole.
 */
export async function applySyncAnswer(
  db: Kysely<Database>,
  catalogue: Catalogue,
  command: SyncAnswerCommand,
): Promise<{ json: string; applied: boolean }> {
  const { user, body, idempotencyKey, serialize } = command;
  const questionId = body.questionUniqueId;
  return db.transaction().execute(async (trx) => {
    const assessment = await lockVisibleAssessment(trx, user, body.assessmentId);
    assertValidAnswer(catalogue, body);
    const hash = idempotencyKey === undefined ? null : syncRequestHash(body);
    const { rows, stored } = await readAnswerState(trx, assessment.id, user.id, idempotencyKey);

    if (stored) {
      if (stored.request_hash !== hash) throw idempotencyConflict();
      // Applied before: answer as then, or (past the retention) with the list as it is now.
      if (stored.response !== null) return { applied: false, json: stored.response };
      const state = deriveAssessmentState(catalogue.questions, answerMapOf(rows), assessment.converted);
      return { applied: false, json: serialize(toQuestionList(catalogue, rows, state.excluded_handicaps)) };
    }

    assertEditable(assessment.status);
    const existing = rows.find((r) => r.question_unique_id === questionId);
    const merged = mergeAnswer(
      existing && {
        values: existing.values,
        numericValue: existing.numeric_value,
        comment: existing.comment,
      },
      body,
    );
    const now = new Date();
    const fields = {
      values: [...merged.values],
      numeric_value: merged.numericValue,
      comment: merged.comment,
      // Answering confirms a copied answer; a comment alone does not.
      preselected: isCommentOnly(body) ? (existing?.preselected ?? false) : false,
      answered_by: user.id,
      answered_at: now,
    };
    const empty = isEmptyAnswer(merged);
    const after = withAnswer(rows, questionId, empty ? null : { question_unique_id: questionId, ...fields });
    const state = deriveAssessmentState(catalogue.questions, answerMapOf(after), assessment.converted);
    const json = serialize(toQuestionList(catalogue, after, state.excluded_handicaps));

    const write = trx
      .with('answer_write', (qb) =>
        empty
          ? qb
              .deleteFrom('answers')
              .where('assessment_id', '=', assessment.id)
              .where('question_unique_id', '=', questionId)
          : qb
              .insertInto('answers')
              .values({ assessment_id: assessment.id, question_unique_id: questionId, ...fields })
              .onConflict((oc) => oc.columns(['assessment_id', 'question_unique_id']).doUpdateSet(fields)),
      )
      .with('assessment_write', (qb) =>
        qb
          .updateTable('assessments')
          .set({ ...state, last_answered_question_unique_id: questionId, updated_at: now })
          .where('id', '=', assessment.id),
      );
    if (idempotencyKey === undefined) {
      await write.selectNoFrom((eb) => eb.lit(1).as('done')).execute();
      return { applied: true, json };
    }
    const cutoff = new Date(now.getTime() - SYNC_RESPONSE_RETENTION_DAYS * 24 * 60 * 60 * 1000);
    const inserted = await write
      .with('pruned', (qb) =>
        qb
          .updateTable('sync_requests')
          .set({ response: null })
          .where('user_id', '=', user.id)
          .where('created_at', '<', cutoff)
          .where('response', 'is not', null),
      )
      .insertInto('sync_requests')
      .values({
        user_id: user.id,
        idempotency_key: idempotencyKey,
        request_hash: hash!,
        response: json,
      })
      .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
      .returning('idempotency_key')
      .executeTakeFirst();
    // Throwing rolls the whole write back.
    if (!inserted) throw idempotencyConflict();
    return { applied: true, json };
  });
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

// ---------------------------------------------------------------------------------------------
// JSON schemas (docs/architecture.md 4)
// ---------------------------------------------------------------------------------------------

const nullableString = { type: ['string', 'null'] } as const;
const stringList = { type: 'array', items: { type: 'string' } } as const;

export const assessmentDetailsSchema = {
  type: 'object',
  required: [
    'assessmentId',
    'propertyId',
    'assessmentStatus',
    'isCalculated',
    'converted',
    'screeningCompleted',
    'excludedHandicaps',
    'handicapsForEvaluation',
    'validFrom',
    'lastAnsweredQuestionUniqueId',
  ],
  properties: {
    assessmentId: { type: 'string' },
    propertyId: { type: 'string' },
    assessmentStatus: schemas.assessmentStatus,
    isCalculated: { type: 'boolean' },
    converted: { type: 'boolean' },
    screeningCompleted: { type: 'boolean' },
    excludedHandicaps: stringList,
    handicapsForEvaluation: stringList,
    validFrom: nullableString,
    lastAnsweredQuestionUniqueId: nullableString,
  },
} as const;

export const questionSchema = {
  type: 'object',
  required: [
    'id',
    'uniqueId',
    'title',
    'question',
    'type',
    'isOptional',
    'isHidden',
    'isPreselected',
    'comment',
    'chapter',
    'chapterKind',
    'numericQuestionValue',
    'numericQuestionSettings',
    'options',
    'relevantTo',
  ],
  properties: {
    id: { type: 'string' },
    uniqueId: { type: 'string' },
    title: { type: 'string' },
    question: { type: 'string' },
    type: { type: 'string', enum: ['numeric', 'single', 'multiple'] },
    isOptional: { type: 'boolean' },
    isHidden: { type: 'boolean' },
    isPreselected: { type: 'boolean' },
    comment: nullableString,
    chapter: {
      type: 'object',
      required: ['id', 'label'],
      properties: { id: { type: 'string' }, label: { type: 'string' } },
    },
    chapterKind: { type: 'string', enum: ['screening', 'evaluation'] },
    numericQuestionValue: { type: ['number', 'null'] },
    numericQuestionSettings: {
      type: ['object', 'null'],
      required: ['measurementUnits', 'rangeStart', 'rangeEnd', 'isDecimal'],
      properties: {
        measurementUnits: nullableString,
        rangeStart: { type: ['number', 'null'] },
        rangeEnd: { type: ['number', 'null'] },
        isDecimal: { type: 'boolean' },
      },
    },
    options: {
      type: 'array',
      items: {
        type: 'object',
        required: ['answerId', 'label', 'isSelected', 'exclusive'],
        properties: {
          answerId: { type: 'string' },
          label: { type: 'string' },
          isSelected: { type: 'boolean' },
          exclusive: { type: 'boolean' },
        },
      },
    },
    relevantTo: stringList,
  },
} as const;

/**
 * The syncanswer body. Types and sizes are checked here (a huge body is a 400 before any
 * work); what the answer means is checked by validateAnswer against the question.
 */
export const syncAnswerBodySchema = {
  type: 'object',
  required: ['questionUniqueId', 'assessmentId'],
  properties: {
    questionUniqueId: { type: 'string', minLength: 1, maxLength: MAX_ID_LENGTH },
    assessmentId: schemas.uuid,
    numericValue: { type: ['number', 'null'] },
    values: {
      type: 'array',
      maxItems: MAX_VALUES,
      items: { type: 'string', minLength: 1, maxLength: MAX_ID_LENGTH },
    },
    comment: { type: ['string', 'null'], maxLength: MAX_COMMENT_LENGTH },
  },
} as const;

/** The optional Idempotency-Key header: 1 to 200 visible ASCII characters. */
export const idempotencyHeadersSchema = {
  type: 'object',
  properties: {
    'idempotency-key': {
      type: 'string',
      minLength: 1,
      maxLength: MAX_IDEMPOTENCY_KEY_LENGTH,
      pattern: '^[\\x21-\\x7e]+$',
    },
  },
} as const;
