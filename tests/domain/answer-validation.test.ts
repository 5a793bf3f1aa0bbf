import { describe, expect, it } from 'vitest';
import { toQuestionList, type AnswerRow, type Catalogue } from '../../server/src/domain/answers';
import { CHAPTERS, QUESTIONS } from '../../server/src/db/seed/catalogue';
import { numberQuestions } from '../../server/src/db/seed';
import {
  answerErrorMessage,
  answerRulesOf,
  applyAnswerToQuestion,
  commentError,
  formatNumericValue,
  groupByChapter,
  hasAtMostDecimals,
  IDEMPOTENCY_KEY_PATTERN,
  isEmptyAnswer,
  isQuestionAnswered,
  MAX_COMMENT_LENGTH,
  MAX_VALUES,
  mergeAnswer,
  missingQuestions,
  numericValueError,
  parseNumericInput,
  toAnswerPayload,
  toggleOption,
  validateAnswer,
  valuesError,
  type AnswerError,
  type AnswerInput,
  type Question,
} from '../../shared/rules/answer-validation';
import type { QuestionDef } from '../../shared/rules/catalogue';
import type { ScreenedHandicap } from '../../shared/rules/handicaps';

const byId = new Map(QUESTIONS.map((q) => [q.uniqueId, q]));
const q = (uniqueId: string): QuestionDef => {
  const question = byId.get(uniqueId);
  if (!question) throw new Error(`No question ${uniqueId} in the catalogue`);
  return question;
};
const code = (error: AnswerError | null) => error?.code ?? null;

/** The catalogue as GET /api/v2/questions lists it, without a database. */
const catalogue: Catalogue = {
  questions: QUESTIONS,
  byId,
  numbers: numberQuestions(QUESTIONS),
  chapters: new Map(CHAPTERS.map((c) => [c.id, { label: c.label, kind: c.kind }])),
};
const list = (rows: Partial<AnswerRow>[] = [], excluded: ScreenedHandicap[] = []): Question[] =>
  toQuestionList(
    catalogue,
    rows.map((r) => ({
      question_unique_id: r.question_unique_id!,
      values: r.values ?? [],
      numeric_value: r.numeric_value ?? null,
      comment: r.comment ?? null,
      preselected: r.preselected ?? false,
    })),
    excluded,
  );
const dto = (questions: Question[], uniqueId: string) => questions.find((x) => x.uniqueId === uniqueId)!;

const numericQuestions = QUESTIONS.filter((x) => x.type === 'numeric');
const integerQuestions = numericQuestions.filter((x) => !x.isDecimal);
const decimalQuestions = numericQuestions.filter((x) => x.isDecimal);
const singleQuestions = QUESTIONS.filter((x) => x.type === 'single');
const multipleQuestions = QUESTIONS.filter((x) => x.type === 'multiple');

describe('the catalogue has every kind of question the rules are about', () => {
  it('has integer and decimal numeric, single and multiple choice with exclusive options', () => {
    expect(integerQuestions.length).toBeGreaterThan(0);
    expect(decimalQuestions.length).toBeGreaterThan(0);
    expect(singleQuestions.length).toBeGreaterThan(0);
    expect(multipleQuestions.some((x) => x.options!.some((o) => o.exclusive))).toBe(true);
    expect(q('S05')).toMatchObject({ type: 'numeric', rangeStart: 50, rangeEnd: 120, isDecimal: false });
    expect(q('ANK-03')).toMatchObject({ type: 'numeric', rangeStart: 0, rangeEnd: 25, isDecimal: true });
  });
});

describe('numeric answers (docs/product.md 5)', () => {
  it('accepts values within rangeStart..rangeEnd, both ends included, for every numeric question', () => {
    for (const question of numericQuestions) {
      const { rangeStart, rangeEnd } = question as Required<QuestionDef>;
      expect(numericValueError(question, rangeStart), question.uniqueId).toBeNull();
      expect(numericValueError(question, rangeEnd), question.uniqueId).toBeNull();
      expect(numericValueError(question, Math.round((rangeStart + rangeEnd) / 2))).toBeNull();
    }
  });

  it('refuses values below rangeStart or above rangeEnd with the range', () => {
    for (const question of numericQuestions) {
      const { rangeStart, rangeEnd } = question as Required<QuestionDef>;
      const step = question.isDecimal ? 0.01 : 1;
      for (const value of [rangeStart - step, rangeEnd + step, rangeEnd + 1000, -1e9]) {
        expect(numericValueError(question, value), `${question.uniqueId} ${value}`).toEqual({
          code: 'outOfRange',
          rangeStart,
          rangeEnd,
        });
      }
    }
  });

  it('refuses a decimal for an integer question', () => {
    for (const question of integerQuestions) {
      const value = question.rangeStart! + 0.5;
      expect(code(numericValueError(question, value)), question.uniqueId).toBe('notAnInteger');
    }
    expect(code(numericValueError(q('S05'), 77.01))).toBe('notAnInteger');
  });

  it('accepts at most 2 decimals for a decimal question', () => {
    const ank03 = q('ANK-03');
    for (const value of [0, 0.5, 12.3, 12.34, 24.99, 25, 0.01]) {
      expect(numericValueError(ank03, value), String(value)).toBeNull();
    }
    for (const value of [12.345, 0.001, 24.999, 0.1 + 0.2]) {
      expect(numericValueError(ank03, value), String(value)).toEqual({
        code: 'tooManyDecimals',
        maxDecimals: 2,
      });
    }
    for (const question of decimalQuestions) {
      expect(numericValueError(question, question.rangeStart! + 0.25), question.uniqueId).toBeNull();
      expect(code(numericValueError(question, question.rangeStart! + 0.125))).toBe('tooManyDecimals');
    }
  });

  it('refuses what is not a finite number', () => {
    for (const value of [Number.NaN, Infinity, -Infinity]) {
      expect(code(numericValueError(q('S05'), value))).toBe('notANumber');
    }
    expect(code(numericValueError(q('S05'), '80' as unknown as number))).toBe('notANumber');
  });

  it('counts decimals as a person writes them', () => {
    expect(hasAtMostDecimals(1, 2)).toBe(true);
    expect(hasAtMostDecimals(1.1, 2)).toBe(true);
    expect(hasAtMostDecimals(1.15, 2)).toBe(true);
    expect(hasAtMostDecimals(-1.15, 2)).toBe(true);
    expect(hasAtMostDecimals(1.155, 2)).toBe(false);
    expect(hasAtMostDecimals(1e-7, 2)).toBe(false);
    expect(hasAtMostDecimals(Number.NaN, 2)).toBe(false);
  });

  it('reads a decimal comma (and a full stop), and shows a decimal comma', () => {
    expect(parseNumericInput('12,5')).toBe(12.5);
    expect(parseNumericInput(' 12.25 ')).toBe(12.25);
    expect(parseNumericInput('80')).toBe(80);
    expect(parseNumericInput('-3')).toBe(-3);
    expect(parseNumericInput('')).toBeNull();
    expect(parseNumericInput('   ')).toBeNull();
    for (const text of ['12,', ',5', '1e3', 'abc', '1,2,3', '12 5', '0x10', '+-1']) {
      expect(parseNumericInput(text), text).toBeNaN();
    }
    expect(formatNumericValue(12.5)).toBe('12,5');
    expect(formatNumericValue(80)).toBe('80');
    // What the user types goes through the same rules.
    expect(numericValueError(q('ANK-03'), parseNumericInput('12,345')!)?.code).toBe('tooManyDecimals');
    expect(numericValueError(q('S05'), parseNumericInput('77,5')!)?.code).toBe('notAnInteger');
  });
});

describe('choice answers (docs/product.md 5)', () => {
  it('single choice: one answer id of the question, or an empty list', () => {
    for (const question of singleQuestions) {
      for (const option of question.options!) {
        expect(valuesError(question, [option.answerId]), option.answerId).toBeNull();
      }
      expect(valuesError(question, [])).toBeNull();
      const [a, b] = question.options!;
      expect(valuesError(question, [a!.answerId, b!.answerId])).toEqual({ code: 'tooManyValues', max: 1 });
    }
  });

  it('refuses an unknown answer id and an answer id of another question', () => {
    expect(valuesError(q('S02'), ['S02-x'])).toEqual({ code: 'unknownOption', answerId: 'S02-x' });
    expect(valuesError(q('S02'), ['S01-a'])).toEqual({ code: 'unknownOption', answerId: 'S01-a' });
    expect(valuesError(q('S09'), ['S09-a', 'BAD-08-a'])).toEqual({
      code: 'unknownOption',
      answerId: 'BAD-08-a',
    });
    expect(code(valuesError(q('S02'), ['']))).toBe('unknownOption');
  });

  it('multiple choice: distinct answer ids of the question', () => {
    const s09 = q('S09');
    expect(valuesError(s09, ['S09-a', 'S09-b', 'S09-d'])).toBeNull();
    expect(valuesError(s09, [])).toBeNull();
    expect(valuesError(s09, ['S09-a', 'S09-a'])).toEqual({ code: 'duplicateOption', answerId: 'S09-a' });
    expect(
      code(
        valuesError(
          s09,
          Array.from({ length: MAX_VALUES + 1 }, () => 'S09-a'),
        ),
      ),
    ).toBe('tooManyValues');
  });

  it('multiple choice: an exclusive option stands alone', () => {
    for (const question of multipleQuestions) {
      const exclusive = question.options!.filter((o) => o.exclusive);
      const others = question.options!.filter((o) => !o.exclusive);
      for (const option of exclusive) {
        expect(valuesError(question, [option.answerId]), option.answerId).toBeNull();
        expect(valuesError(question, [others[0]!.answerId, option.answerId])).toEqual({
          code: 'exclusiveCombined',
          answerId: option.answerId,
        });
      }
      expect(
        valuesError(
          question,
          others.map((o) => o.answerId),
        ),
      ).toBeNull();
    }
  });

  it('toggles options: single selects or clears; multiple toggles, exclusive clears the others', () => {
    const s02 = q('S02');
    expect(toggleOption(s02, [], 'S02-a')).toEqual(['S02-a']);
    expect(toggleOption(s02, ['S02-a'], 'S02-c')).toEqual(['S02-c']);
    expect(toggleOption(s02, ['S02-c'], 'S02-c')).toEqual([]);
    const s09 = q('S09');
    expect(toggleOption(s09, [], 'S09-b')).toEqual(['S09-b']);
    expect(toggleOption(s09, ['S09-b'], 'S09-a')).toEqual(['S09-a', 'S09-b']);
    expect(toggleOption(s09, ['S09-a', 'S09-b'], 'S09-a')).toEqual(['S09-b']);
    expect(toggleOption(s09, ['S09-a', 'S09-b'], 'S09-e')).toEqual(['S09-e']);
    expect(toggleOption(s09, ['S09-e'], 'S09-c')).toEqual(['S09-c']);
    expect(toggleOption(s09, ['S09-a'], 'S02-a')).toEqual(['S09-a']);
    // Whatever is toggled stays valid.
    let selected: string[] = [];
    for (const id of ['S09-a', 'S09-e', 'S09-b', 'S09-c', 'S09-e', 'S09-e', 'S09-d']) {
      selected = toggleOption(s09, selected, id);
      expect(valuesError(s09, selected), selected.join()).toBeNull();
    }
  });
});

describe('comments', () => {
  it('takes text up to 2000 characters, or null', () => {
    expect(commentError(null)).toBeNull();
    expect(commentError('')).toBeNull();
    expect(commentError('Dørtrinnet er 3 cm – målt med tommestok 🙂')).toBeNull();
    expect(commentError('x'.repeat(MAX_COMMENT_LENGTH))).toBeNull();
    expect(commentError('x'.repeat(MAX_COMMENT_LENGTH + 1))).toEqual({ code: 'commentTooLong', max: 2000 });
  });

  it('refuses NUL and broken characters, which the database cannot store', () => {
    expect(code(commentError('a\u0000b'))).toBe('invalidComment');
    expect(code(commentError('a\uD83Db'))).toBe('invalidComment');
    expect(code(commentError('\uDE42'))).toBe('invalidComment');
    expect(code(commentError(42 as unknown as string))).toBe('invalidComment');
  });
});

describe('validateAnswer: a whole syncanswer request', () => {
  const ok: [string, AnswerInput][] = [
    ['S05', { numericValue: 80 }],
    ['S05', { numericValue: null }],
    ['S05', { numericValue: 80, comment: 'målt' }],
    ['S05', { comment: 'kun en kommentar' }],
    ['S05', { comment: null }],
    ['ANK-03', { numericValue: 2.5 }],
    ['S02', { values: ['S02-c'] }],
    ['S02', { values: [] }],
    ['S02', { values: ['S02-a'], comment: '' }],
    ['S09', { values: ['S09-a', 'S09-c'] }],
    ['S09', { values: ['S09-e'] }],
  ];
  it.each(ok)('accepts %s %j', (id, input) => {
    expect(validateAnswer(q(id), input)).toBeNull();
  });

  const refused: [string, AnswerInput, AnswerError['code']][] = [
    ['S05', {}, 'nothingToSave'],
    ['S05', { values: ['S05-a'] }, 'valuesNotAllowed'],
    ['S05', { values: [] }, 'valuesNotAllowed'],
    ['S05', { numericValue: 49 }, 'outOfRange'],
    ['S05', { numericValue: 121 }, 'outOfRange'],
    ['S05', { numericValue: 80.5 }, 'notAnInteger'],
    ['ANK-03', { numericValue: 2.555 }, 'tooManyDecimals'],
    ['ANK-03', { numericValue: 26 }, 'outOfRange'],
    ['S02', { numericValue: 1 }, 'numericValueNotAllowed'],
    ['S02', { numericValue: null }, 'numericValueNotAllowed'],
    ['S02', { values: ['S02-a', 'S02-b'] }, 'tooManyValues'],
    ['S02', { values: ['S01-a'] }, 'unknownOption'],
    ['S09', { values: ['S09-a', 'S09-e'] }, 'exclusiveCombined'],
    ['S09', { values: ['S09-a', 'S09-a'] }, 'duplicateOption'],
    ['S02', { values: ['S02-a'], comment: 'x'.repeat(2001) }, 'commentTooLong'],
    ['S05', { numericValue: 80, comment: '\u0000' }, 'invalidComment'],
  ];
  it.each(refused)('refuses %s %j as %s', (id, input, expected) => {
    const error = validateAnswer(q(id), input);
    expect(code(error)).toBe(expected);
    expect(answerErrorMessage(error!)).toEqual(expect.any(String));
  });

  it('refuses a question that is not in the catalogue', () => {
    expect(validateAnswer(undefined, { questionUniqueId: 'S99', numericValue: 1 })).toEqual({
      code: 'unknownQuestion',
      questionUniqueId: 'S99',
    });
  });

  it('gives the same verdict on a listed question as on its catalogue definition', () => {
    const questions = list();
    const inputs: AnswerInput[] = [
      { numericValue: 0 },
      { numericValue: 50 },
      { numericValue: 12.5 },
      { numericValue: 12.345 },
      { numericValue: 1000 },
      { numericValue: null },
      { values: [] },
      { comment: 'x' },
    ];
    for (const def of QUESTIONS) {
      const rules = answerRulesOf(dto(questions, def.uniqueId));
      const candidates: AnswerInput[] = [
        ...inputs,
        ...(def.options ?? []).map((o) => ({ values: [o.answerId] })),
        { values: (def.options ?? []).map((o) => o.answerId) },
      ];
      for (const input of candidates) {
        expect(validateAnswer(rules, input), `${def.uniqueId} ${JSON.stringify(input)}`).toEqual(
          validateAnswer(def, input),
        );
      }
    }
  });

  it('has a message for every refusal', () => {
    const errors: AnswerError[] = [
      { code: 'unknownQuestion', questionUniqueId: 'S99' },
      { code: 'nothingToSave' },
      { code: 'valuesNotAllowed' },
      { code: 'numericValueNotAllowed' },
      { code: 'notANumber' },
      { code: 'outOfRange', rangeStart: 50, rangeEnd: 120 },
      { code: 'notAnInteger' },
      { code: 'tooManyDecimals', maxDecimals: 2 },
      { code: 'tooManyValues', max: 1 },
      { code: 'tooManyValues', max: 5 },
      { code: 'unknownOption', answerId: 'x' },
      { code: 'duplicateOption', answerId: 'x' },
      { code: 'exclusiveCombined', answerId: 'x' },
      { code: 'commentTooLong', max: 2000 },
      { code: 'invalidComment' },
    ];
    for (const error of errors) expect(answerErrorMessage(error).length).toBeGreaterThan(10);
    expect(answerErrorMessage({ code: 'outOfRange', rangeStart: 50, rangeEnd: 120 })).toContain('50');
  });

  it('takes idempotency keys of 1 to 200 visible ASCII characters', () => {
    expect(IDEMPOTENCY_KEY_PATTERN.test('1b4e28ba-2fa1-41d2-883f-0016d3cca427')).toBe(true);
    expect(IDEMPOTENCY_KEY_PATTERN.test('k'.repeat(200))).toBe(true);
    for (const key of ['', 'k'.repeat(201), 'a b', 'æ', 'a\u0000']) {
      expect(IDEMPOTENCY_KEY_PATTERN.test(key), key).toBe(false);
    }
  });
});

describe('applying answers', () => {
  it('replaces the given fields and keeps the others: a comment alone keeps the values', () => {
    const stored = { values: ['S09-a'], numericValue: null, comment: 'gammel' };
    expect(mergeAnswer(stored, { comment: 'ny' })).toEqual({
      values: ['S09-a'],
      numericValue: null,
      comment: 'ny',
    });
    expect(mergeAnswer(stored, { values: ['S09-e'] })).toEqual({
      values: ['S09-e'],
      numericValue: null,
      comment: 'gammel',
    });
    expect(mergeAnswer(stored, { values: [], comment: '' })).toEqual({
      values: [],
      numericValue: null,
      comment: null,
    });
    expect(isEmptyAnswer(mergeAnswer(stored, { values: [], comment: null }))).toBe(true);
    expect(mergeAnswer(undefined, { numericValue: 80 })).toEqual({
      values: [],
      numericValue: 80,
      comment: null,
    });
    expect(
      mergeAnswer({ values: [], numericValue: 80, comment: null }, { numericValue: null }).numericValue,
    ).toBe(null);
  });

  it('applies an answer to a listed question, confirming a copied answer unless only the comment changes', () => {
    const questions = list([
      { question_unique_id: 'S09', values: ['S09-a'], preselected: true },
      { question_unique_id: 'S05', numeric_value: 70, preselected: true },
    ]);
    const s09 = dto(questions, 'S09');
    expect(s09.isPreselected).toBe(true);
    const commented = applyAnswerToQuestion(s09, { comment: 'set fra gangen' });
    expect(commented).toMatchObject({ isPreselected: true, comment: 'set fra gangen' });
    expect(commented.options.filter((o) => o.isSelected).map((o) => o.answerId)).toEqual(['S09-a']);
    const answered = applyAnswerToQuestion(s09, { values: ['S09-e'] });
    expect(answered.isPreselected).toBe(false);
    expect(answered.options.filter((o) => o.isSelected).map((o) => o.answerId)).toEqual(['S09-e']);
    const s05 = applyAnswerToQuestion(dto(questions, 'S05'), { numericValue: 90 });
    expect(s05).toMatchObject({ isPreselected: false, numericQuestionValue: 90 });
    expect(applyAnswerToQuestion(s05, { numericValue: null }).numericQuestionValue).toBeNull();
  });
});

describe('unanswered required questions and the answers payload (docs/product.md 5)', () => {
  it('counts a valid number or a selected option as answered', () => {
    const questions = list([
      { question_unique_id: 'S05', numeric_value: 80 },
      { question_unique_id: 'ANK-01', numeric_value: 10 }, // below rangeStart 50: invalid
      { question_unique_id: 'S02', values: ['S02-a'] },
      { question_unique_id: 'S01', comment: 'kun kommentar' },
    ]);
    expect(isQuestionAnswered(dto(questions, 'S05'))).toBe(true);
    expect(isQuestionAnswered(dto(questions, 'ANK-01'))).toBe(false);
    expect(isQuestionAnswered(dto(questions, 'S02'))).toBe(true);
    expect(isQuestionAnswered(dto(questions, 'S01'))).toBe(false);
    expect(isQuestionAnswered(dto(questions, 'S04'))).toBe(false);
  });

  it('lists the required visible questions without an answer, per chapter', () => {
    const none = missingQuestions(list());
    expect(none.map((x) => x.uniqueId)).toEqual(
      QUESTIONS.filter((x) => !x.isOptional).map((x) => x.uniqueId),
    );
    const groups = groupByChapter(none);
    expect(groups.map((g) => g.chapter.id)).toEqual(CHAPTERS.map((c) => c.id));
    expect(groups[0]!.chapter.label).toBe('Screening');
    // Converted assessments skip screening.
    expect(missingQuestions(list(), { converted: true }).some((x) => x.chapterKind === 'screening')).toBe(
      false,
    );
    // Hidden questions are not missing: S02 "c" excludes wheelchair and mobility.
    const excluded = missingQuestions(list([], ['wheelchair', 'mobility']));
    expect(excluded.some((x) => x.uniqueId === 'IND-04')).toBe(false);
    expect(excluded.some((x) => x.uniqueId === 'IND-06')).toBe(true);
  });

  it('puts only valid numbers and selected options into the answers payload', () => {
    const questions = list([
      { question_unique_id: 'S05', numeric_value: 80 },
      { question_unique_id: 'ANK-01', numeric_value: 10 },
      { question_unique_id: 'S02', values: ['S02-a'] },
      { question_unique_id: 'S09', values: ['S09-a', 'S09-b'] },
      { question_unique_id: 'S01', comment: 'kun kommentar' },
    ]);
    expect(toAnswerPayload(questions)).toEqual([
      { questionId: 'S02', answer: ['S02-a'] },
      { questionId: 'S05', answer: ['80'] },
      { questionId: 'S09', answer: ['S09-a', 'S09-b'] },
    ]);
  });
});
