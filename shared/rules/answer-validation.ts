import type { Question as ContractQuestion, SyncAnswerBody } from '../contract/answers';
import type { QuestionType } from './catalogue';

/**
 * Answers: the rules of docs/product.md 5 that the server enforces on POST /api/v2/sync/syncanswer
 * and the client applies before it saves (inline range error, outbox), plus the wire types of
 * the question and answer endpoints. Pure: no I/O, no React.
 *
 * The rules take an `AnswerRules`, which both a catalogue `QuestionDef` (server) and a
 * question of GET /api/v2/questions (client, through `answerRulesOf`) provide.
 */

import { MAX_COMMENT_LENGTH, MAX_ID_LENGTH, MAX_VALUES } from '../contract/limits';

// The contract's bounds of an answer, which the rules check too (docs/api.md "The contract").
export {
  MAX_COMMENT_LENGTH,
  MAX_ID_LENGTH,
  MAX_IDEMPOTENCY_KEY_LENGTH,
  MAX_VALUES,
} from '../contract/limits';
/** docs/product.md 5 and 9: decimal numeric answers have at most 2 decimals. */
export const MAX_DECIMALS = 2;
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

// ---------------------------------------------------------------------------------------------
// Wire types: the contract's (shared/contract/answers.ts), under the names the rules use
// ---------------------------------------------------------------------------------------------

/** One item of GET /api/v2/questions and of the syncanswer response (docs/product.md 3 "Question"). */
export type Question = ContractQuestion;
/** An option of a choice question (docs/product.md 3: answerId, label, isSelected, exclusive). */
export type QuestionOption = Question['options'][number];
/** docs/product.md 3 numericQuestionSettings; null bounds mean unbounded (the catalogue always has both). */
export type NumericQuestionSettings = NonNullable<Question['numericQuestionSettings']>;
/** The question's chapter: "screening" or the evaluation chapter's id ("ANK", "IND", ...). */
export type QuestionChapter = Question['chapter'];
/**
 * Body of POST /api/v2/sync/syncanswer. numericValue (numeric questions; null clears), values
 * (choice questions; [] clears) and comment (null or "" clears) are each optional, but at
 * least one must be present; answeredAt is when it was given on its device (docs/api.md
 * "syncanswer").
 */
export type SyncAnswerRequest = SyncAnswerBody;

/** docs/product.md 3 "Answer": the question's uniqueId and the answer as strings. */
export interface AnswerPayloadItem {
  questionId: string;
  answer: string[];
}

// ---------------------------------------------------------------------------------------------
// Rules
// ---------------------------------------------------------------------------------------------

/** What the rules need of a question; a catalogue QuestionDef is one as it is. */
export interface AnswerRules {
  uniqueId: string;
  type: QuestionType;
  rangeStart?: number | null;
  rangeEnd?: number | null;
  isDecimal?: boolean;
  options?: readonly { answerId: string; exclusive?: boolean }[];
}

/** The rules of a question as GET /api/v2/questions gives it (client side). */
export function answerRulesOf(question: Question): AnswerRules {
  return {
    uniqueId: question.uniqueId,
    type: question.type,
    rangeStart: question.numericQuestionSettings?.rangeStart ?? null,
    rangeEnd: question.numericQuestionSettings?.rangeEnd ?? null,
    isDecimal: question.numericQuestionSettings?.isDecimal ?? false,
    options: question.options,
  };
}

/** The answer fields of a request; an absent field is left as it is. */
export interface AnswerInput {
  numericValue?: number | null;
  values?: readonly string[];
  comment?: string | null;
}

export type AnswerError =
  | { code: 'unknownQuestion'; questionUniqueId: string }
  | { code: 'nothingToSave' }
  | { code: 'valuesNotAllowed' }
  | { code: 'numericValueNotAllowed' }
  | { code: 'notANumber' }
  | { code: 'outOfRange'; rangeStart: number | null; rangeEnd: number | null }
  | { code: 'notAnInteger' }
  | { code: 'tooManyDecimals'; maxDecimals: number }
  | { code: 'tooManyValues'; max: number }
  | { code: 'unknownOption'; answerId: string }
  | { code: 'duplicateOption'; answerId: string }
  | { code: 'exclusiveCombined'; answerId: string }
  | { code: 'commentTooLong'; max: number }
  | { code: 'invalidComment' };

/**
 * True when `value` is (the double nearest to) a number with at most `decimals` decimals:
 * 12.34 yes, 12.345 and 0.1 + 0.2 no.
 */
export function hasAtMostDecimals(value: number, decimals: number): boolean {
  if (!Number.isFinite(value)) return false;
  if (Number.isInteger(value)) return true;
  if (Math.abs(value) >= 1e15) return false;
  return Number(value.toFixed(decimals)) === value;
}

/**
 * docs/product.md 5, numeric answer: finite, within rangeStart..rangeEnd, an integer unless isDecimal,
 * then at most 2 decimals. The range comes first: it is the error the form shows
 * (assessment.rangeError).
 */
export function numericValueError(rules: AnswerRules, value: number): AnswerError | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return { code: 'notANumber' };
  const rangeStart = rules.rangeStart ?? null;
  const rangeEnd = rules.rangeEnd ?? null;
  if ((rangeStart !== null && value < rangeStart) || (rangeEnd !== null && value > rangeEnd)) {
    return { code: 'outOfRange', rangeStart, rangeEnd };
  }
  if (!rules.isDecimal && !Number.isInteger(value)) return { code: 'notAnInteger' };
  if (!hasAtMostDecimals(value, MAX_DECIMALS)) return { code: 'tooManyDecimals', maxDecimals: MAX_DECIMALS };
  return null;
}

/**
 * docs/product.md 5, choice answers: single choice is one answer id of the question or none; multiple
 * choice distinct answer ids of the question, an exclusive option alone.
 */
export function valuesError(rules: AnswerRules, values: readonly string[]): AnswerError | null {
  const max = rules.type === 'single' ? 1 : Math.min(MAX_VALUES, rules.options?.length ?? 0);
  if (values.length > max) return { code: 'tooManyValues', max };
  const known = new Map((rules.options ?? []).map((o) => [o.answerId, o]));
  const seen = new Set<string>();
  for (const answerId of values) {
    const option = typeof answerId === 'string' ? known.get(answerId) : undefined;
    if (!option) return { code: 'unknownOption', answerId: String(answerId) };
    if (seen.has(answerId)) return { code: 'duplicateOption', answerId };
    seen.add(answerId);
  }
  if (values.length > 1) {
    const exclusive = values.find((id) => known.get(id)!.exclusive);
    if (exclusive !== undefined) return { code: 'exclusiveCombined', answerId: exclusive };
  }
  return null;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A comment: null, or text of at most 2000 characters without NUL or broken characters. */
export function commentError(comment: string | null): AnswerError | null {
  if (comment === null) return null;
  if (typeof comment !== 'string') return { code: 'invalidComment' };
  if (comment.length > MAX_COMMENT_LENGTH) return { code: 'commentTooLong', max: MAX_COMMENT_LENGTH };
  if (comment.includes('\u0000') || LONE_SURROGATE.test(comment)) return { code: 'invalidComment' };
  return null;
}

/**
 * The whole answer of a syncanswer request against its question (undefined: not in the
 * catalogue). numericValue belongs to numeric questions and values to choice questions only;
 * at least one of numericValue, values and comment must be given.
 */
export function validateAnswer(
  rules: AnswerRules | undefined,
  input: AnswerInput & { questionUniqueId?: string },
): AnswerError | null {
  if (!rules) return { code: 'unknownQuestion', questionUniqueId: String(input.questionUniqueId ?? '') };
  const { numericValue, values, comment } = input;
  if (numericValue === undefined && values === undefined && comment === undefined) {
    return { code: 'nothingToSave' };
  }
  if (rules.type === 'numeric') {
    if (values !== undefined) return { code: 'valuesNotAllowed' };
    if (numericValue !== undefined && numericValue !== null) {
      const error = numericValueError(rules, numericValue);
      if (error) return error;
    }
  } else {
    if (numericValue !== undefined) return { code: 'numericValueNotAllowed' };
    if (values !== undefined) {
      if (!Array.isArray(values)) return { code: 'unknownOption', answerId: String(values) };
      const error = valuesError(rules, values);
      if (error) return error;
    }
  }
  return comment === undefined ? null : commentError(comment);
}

/** An English message for logs and API errors; the client shows its own texts per code. */
export function answerErrorMessage(error: AnswerError): string {
  switch (error.code) {
    case 'unknownQuestion':
      return `Unknown question: ${error.questionUniqueId.slice(0, MAX_ID_LENGTH)}`;
    case 'nothingToSave':
      return 'Give at least one of numericValue, values and comment';
    case 'valuesNotAllowed':
      return 'A numeric question takes numericValue, not values';
    case 'numericValueNotAllowed':
      return 'A choice question takes values, not numericValue';
    case 'notANumber':
      return 'numericValue must be a finite number or null';
    case 'outOfRange':
      return `numericValue must lie between ${error.rangeStart ?? '-∞'} and ${error.rangeEnd ?? '∞'}`;
    case 'notAnInteger':
      return 'numericValue must be a whole number for this question';
    case 'tooManyDecimals':
      return `numericValue may have at most ${error.maxDecimals} decimals`;
    case 'tooManyValues':
      return error.max === 1
        ? 'A single-choice question takes at most one answer id'
        : `At most ${error.max} answer ids for this question`;
    case 'unknownOption':
      return `Not an answer id of this question: ${error.answerId.slice(0, MAX_ID_LENGTH)}`;
    case 'duplicateOption':
      return `Answer id given twice: ${error.answerId}`;
    case 'exclusiveCombined':
      return `Answer ${error.answerId} cannot be combined with other answers`;
    case 'commentTooLong':
      return `comment may have at most ${error.max} characters`;
    case 'invalidComment':
      return 'comment must be text without NUL or broken characters, or null';
  }
}

// ---------------------------------------------------------------------------------------------
// Input and state helpers
// ---------------------------------------------------------------------------------------------

/**
 * The number a user typed (docs/product.md 5: the decimal separator is a comma; a full stop is accepted
 * too): null for empty input, NaN when it is not a plain number ("12,", "1e3", "abc").
 */
export function parseNumericInput(text: string): number | null {
  const trimmed = text.trim().replace(/\u2212/g, '-');
  if (trimmed === '') return null;
  if (!/^-?\d+(?:[.,]\d+)?$/.test(trimmed)) return Number.NaN;
  return Number(trimmed.replace(',', '.'));
}

/** A numeric value as the form shows it: decimal comma, no thousands separator. */
export function formatNumericValue(value: number): string {
  return String(value).replace('.', ',');
}

/**
 * The selected ids after the user picks `answerId` (docs/product.md 5): single choice selects it, or
 * clears it when it was selected; multiple choice toggles it, where an exclusive option
 * clears the others and any other option clears an exclusive one. In option order.
 */
export function toggleOption(rules: AnswerRules, selected: readonly string[], answerId: string): string[] {
  const options = rules.options ?? [];
  const option = options.find((o) => o.answerId === answerId);
  if (!option) return options.filter((o) => selected.includes(o.answerId)).map((o) => o.answerId);
  const isSelected = selected.includes(answerId);
  if (rules.type === 'single') return isSelected ? [] : [answerId];
  const next = new Set(selected);
  if (isSelected) {
    next.delete(answerId);
  } else if (option.exclusive) {
    next.clear();
    next.add(answerId);
  } else {
    next.add(answerId);
    for (const o of options) if (o.exclusive) next.delete(o.answerId);
  }
  return options.filter((o) => next.has(o.answerId)).map((o) => o.answerId);
}

/** An answer as stored: selected ids, numeric value and comment. */
export interface StoredAnswer {
  values: readonly string[];
  numericValue: number | null;
  comment: string | null;
}

/**
 * The stored answer after a (valid) request: given fields replace, absent ones are kept, so a
 * comment-only request keeps the values. An empty comment is stored as none.
 */
export function mergeAnswer(existing: StoredAnswer | undefined, input: AnswerInput): StoredAnswer {
  return {
    values: input.values !== undefined ? [...input.values] : [...(existing?.values ?? [])],
    numericValue: input.numericValue !== undefined ? input.numericValue : (existing?.numericValue ?? null),
    comment: input.comment !== undefined ? input.comment || null : (existing?.comment ?? null),
  };
}

/** Nothing selected, no number and no comment: there is nothing to keep. */
export function isEmptyAnswer(answer: StoredAnswer): boolean {
  return answer.values.length === 0 && answer.numericValue === null && answer.comment === null;
}

/** True when a request only changes the comment (such a request does not confirm a copied answer). */
export function isCommentOnly(input: AnswerInput): boolean {
  return input.numericValue === undefined && input.values === undefined;
}

/**
 * A question of the list with a (valid) request applied, as the client shows it before the
 * server answers: the selection, number and comment change; a copied answer is confirmed
 * unless only the comment changed. Hidden states are left to the server's answer.
 */
export function applyAnswerToQuestion(question: Question, input: AnswerInput): Question {
  const merged = mergeAnswer(
    {
      values: question.options.filter((o) => o.isSelected).map((o) => o.answerId),
      numericValue: question.numericQuestionValue,
      comment: question.comment,
    },
    input,
  );
  return {
    ...question,
    isPreselected: isCommentOnly(input) ? question.isPreselected : false,
    comment: merged.comment,
    numericQuestionValue: question.type === 'numeric' ? merged.numericValue : null,
    options: question.options.map((o) => ({ ...o, isSelected: merged.values.includes(o.answerId) })),
  };
}

/**
 * docs/product.md 5: a question counts as answered with a valid numeric value, or with a selected
 * option (single or multiple choice).
 */
export function isQuestionAnswered(question: Question): boolean {
  if (question.type === 'numeric') {
    const value = question.numericQuestionValue;
    return value !== null && numericValueError(answerRulesOf(question), value) === null;
  }
  return question.options.some((o) => o.isSelected);
}

/**
 * docs/product.md 5: the required (not optional), visible questions without a valid answer, in list
 * order. Converted assessments skip screening.
 */
export function missingQuestions(
  questions: readonly Question[],
  options: { converted?: boolean } = {},
): Question[] {
  return questions.filter(
    (q) =>
      !q.isOptional &&
      !q.isHidden &&
      !(options.converted && q.chapterKind === 'screening') &&
      !isQuestionAnswered(q),
  );
}

/** Questions grouped per chapter, chapters in first-seen order ("listed per chapter"). */
export function groupByChapter(
  questions: readonly Question[],
): { chapter: QuestionChapter; questions: Question[] }[] {
  const groups = new Map<string, { chapter: QuestionChapter; questions: Question[] }>();
  for (const question of questions) {
    const group = groups.get(question.chapter.id) ?? { chapter: question.chapter, questions: [] };
    group.questions.push(question);
    groups.set(question.chapter.id, group);
  }
  return [...groups.values()];
}

/**
 * docs/product.md 3 and 5: the answers payload holds only valid numeric values and selected options,
 * one item per answered question.
 */
export function toAnswerPayload(questions: readonly Question[]): AnswerPayloadItem[] {
  const items: AnswerPayloadItem[] = [];
  for (const question of questions) {
    if (question.type === 'numeric') {
      if (isQuestionAnswered(question)) {
        items.push({ questionId: question.uniqueId, answer: [String(question.numericQuestionValue)] });
      }
    } else {
      const selected = question.options.filter((o) => o.isSelected).map((o) => o.answerId);
      if (selected.length > 0) items.push({ questionId: question.uniqueId, answer: selected });
    }
  }
  return items;
}
