import type { Question } from '../../../shared/rules/answer-validation';
import type { ChapterKind, QuestionDef } from '../../../shared/rules/catalogue';
import type { ScreenedHandicap } from '../../../shared/rules/handicaps';
import { isHiddenQuestion } from '../../../shared/rules/screening';

/**
 * The question list of an assessment (GET /api/v2/questions, and the answer of syncanswer):
 * as objects for the response schema's serializer, and as the same JSON text spliced from
 * pieces kept per catalogue (`questionListJson`).
 */

/** The catalogue with what the wire needs beyond the definitions: numbers and chapter labels. */
export interface Catalogue {
  /** Screening first, in catalogue order. */
  questions: QuestionDef[];
  byId: ReadonlyMap<string, QuestionDef>;
  numbers: ReadonlyMap<string, string>;
  chapters: ReadonlyMap<string, { label: string; kind: ChapterKind }>;
}

/** A stored answer with what the question list shows. */
export interface AnswerRow {
  question_unique_id: string;
  values: string[];
  numeric_value: number | null;
  comment: string | null;
  preselected: boolean;
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

// ---------------------------------------------------------------------------------------------
// The list as JSON text
// ---------------------------------------------------------------------------------------------

/*
 * Every answer answers the whole list, some 48 KB of JSON, and all but a few fields of it are
 * the catalogue's (docs/performance.md "The API under load"). So each question's JSON is
 * kept per catalogue as the text between the fields an assessment changes (isHidden,
 * isPreselected, comment, numericQuestionValue and each option's isSelected), and a list is
 * those pieces with the assessment's values between: the same bytes as the response schema's
 * serializer gives for `toQuestionList` (tests/server/question-list.test.ts compares both for
 * random answers), in a fraction of the time.
 */

/** Each question's JSON, as UTF-8, cut around the fields an assessment changes. */
interface QuestionPieces {
  uniqueId: string;
  numeric: boolean;
  /** `{"id":…,"isHidden":true,"isPreselected":` and the same with false, by isHidden. */
  head: { true: Buffer; false: Buffer };
  /** `,"chapter":…,"numericQuestionValue":` */
  afterComment: Buffer;
  /** `,"numericQuestionSettings":…,"options":[` */
  beforeOptions: Buffer;
  /** Each option's object, by isSelected, with the comma before it after the first. */
  options: { answerId: string; true: Buffer; false: Buffer }[];
  /** `],"relevantTo":[…]}` */
  tail: Buffer;
}

const json = JSON.stringify;
const utf8 = (text: string) => Buffer.from(text, 'utf8');

/**
 * The pieces of every question, in the order and with the keys of the contract's `Question` (shared/contract/answers.ts),
 * with the list's brackets and commas: the first head starts with `[`, the others with `,`,
 * and the last tail ends with `]`.
 */
function piecesOf(catalogue: Catalogue): QuestionPieces[] {
  const list = toQuestionList(catalogue, [], []);
  return list.map((q, i) => {
    const head = (hidden: boolean) =>
      utf8(
        `${i === 0 ? '[' : ','}{"id":${json(q.id)},"uniqueId":${json(q.uniqueId)},` +
          `"title":${json(q.title)},"question":${json(q.question)},"type":${json(q.type)},` +
          `"isOptional":${json(q.isOptional)},"isHidden":${json(hidden)},"isPreselected":`,
      );
    const settings = q.numericQuestionSettings;
    const option = (o: Question['options'][number], j: number, selected: boolean) =>
      utf8(
        `${j === 0 ? '' : ','}{"answerId":${json(o.answerId)},"label":${json(o.label)},` +
          `"isSelected":${json(selected)},"exclusive":${json(o.exclusive)}}`,
      );
    return {
      uniqueId: q.uniqueId,
      numeric: q.type === 'numeric',
      head: { true: head(true), false: head(false) },
      afterComment: utf8(
        `,"chapter":{"id":${json(q.chapter.id)},"label":${json(q.chapter.label)}},` +
          `"chapterKind":${json(q.chapterKind)},"numericQuestionValue":`,
      ),
      beforeOptions: utf8(
        `,"numericQuestionSettings":${
          settings === null
            ? 'null'
            : `{"measurementUnits":${json(settings.measurementUnits)},` +
              `"rangeStart":${json(settings.rangeStart)},"rangeEnd":${json(settings.rangeEnd)},` +
              `"isDecimal":${json(settings.isDecimal)}}`
        },"options":[`,
      ),
      options: q.options.map((o, j) => ({
        answerId: o.answerId,
        true: option(o, j, true),
        false: option(o, j, false),
      })),
      tail: utf8(`],"relevantTo":${json(q.relevantTo)}}${i === list.length - 1 ? ']' : ''}`),
    };
  });
}

const piecesByCatalogue = new WeakMap<Catalogue, QuestionPieces[]>();

const PRESELECTED = { true: utf8('true,"comment":'), false: utf8('false,"comment":') };
const NULL = utf8('null');
const EMPTY_LIST = utf8('[]');

/** A stored number as the serializer writes it: JSON's form, null for what JSON cannot hold. */
const numberBytes = (value: number | null | undefined) =>
  value === null || value === undefined || !Number.isFinite(value) ? NULL : utf8(`${value}`);

/**
 * `toQuestionList(catalogue, rows, excluded)` serialized as the response schema does it, as
 * UTF-8: the bytes that are sent (and compressed), with no string of 48 KB to build and encode.
 */
export function questionListJson(
  catalogue: Catalogue,
  rows: readonly AnswerRow[],
  excluded: readonly ScreenedHandicap[],
): Buffer {
  let pieces = piecesByCatalogue.get(catalogue);
  if (!pieces) {
    pieces = piecesOf(catalogue);
    piecesByCatalogue.set(catalogue, pieces);
  }
  if (pieces.length === 0) return EMPTY_LIST;
  const answers = new Map(rows.map((r) => [r.question_unique_id, r]));
  const parts: Buffer[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const p = pieces[i]!;
    const answer = answers.get(p.uniqueId);
    parts.push(
      p.head[`${isHiddenQuestion(catalogue.questions[i]!, excluded)}`],
      PRESELECTED[`${answer?.preselected ?? false}`],
      answer?.comment == null ? NULL : utf8(json(answer.comment)),
      p.afterComment,
      p.numeric ? numberBytes(answer?.numeric_value) : NULL,
      p.beforeOptions,
    );
    for (const o of p.options) parts.push(o[`${answer?.values.includes(o.answerId) ?? false}`]);
    parts.push(p.tail);
  }
  return Buffer.concat(parts);
}
