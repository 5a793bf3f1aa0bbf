import { describe, expect, it } from 'vitest';
import { QUESTIONS } from '../../server/src/db/seed/catalogue';
import type { QuestionDef } from '../../shared/rules/catalogue';
import { SCREENED_HANDICAPS } from '../../shared/rules/handicaps';
import {
  handicapScoreDetails,
  handicapScores,
  progress,
  questionOutcome,
  type HandicapScore,
} from '../../shared/rules/scoring';
import type { AnswerValue } from '../../shared/rules/screening';
import type { HandicapScore as DtoHandicapScore } from '../../shared/contract/dto';

// The domain type and the DTO stay interchangeable.
const _toDto = (s: HandicapScore): DtoHandicapScore => s;
const _fromDto = (s: DtoHandicapScore): HandicapScore => s;
void _toDto;
void _fromDto;

const help = { header: 'h', bodyText: 'b' };

const single = (
  uniqueId: string,
  chapterId: string,
  outcomes: Record<string, Partial<Record<string, 1 | 0.5 | 0 | null>>>,
  extra: Partial<QuestionDef> = {},
): QuestionDef => ({
  uniqueId,
  chapterId,
  title: uniqueId,
  text: uniqueId,
  type: 'single',
  isOptional: false,
  relevantTo: [
    ...new Set(Object.values(outcomes).flatMap((o) => Object.keys(o))),
  ] as QuestionDef['relevantTo'],
  options: Object.entries(outcomes).map(([answerId, o]) => ({ answerId, label: answerId, outcomes: o })),
  help,
  ...extra,
});

/** Screening: S1-a excludes wheelchair; S1-b nothing. */
const SCREENING: QuestionDef = {
  uniqueId: 'S1',
  chapterId: 'screening',
  title: 'S1',
  text: 'S1',
  type: 'single',
  isOptional: false,
  relevantTo: ['wheelchair'],
  options: [
    { answerId: 'S1-a', label: 'a', excludes: ['wheelchair'] },
    { answerId: 'S1-b', label: 'b' },
  ],
  help,
};

const NUMERIC: QuestionDef = {
  uniqueId: 'N1',
  chapterId: 'A',
  title: 'N1',
  text: 'N1',
  type: 'numeric',
  isOptional: false,
  relevantTo: ['wheelchair', 'mobility'],
  rangeStart: 0,
  rangeEnd: 200,
  numericScoring: {
    wheelchair: [
      { min: 77, outcome: 1 },
      { min: 70, max: 76, outcome: 0.5 },
    ],
    mobility: [{ min: 70, outcome: 1 }, { outcome: 0.5 }],
  },
  criticalFor: ['wheelchair'],
  help,
};

const MULTI: QuestionDef = {
  uniqueId: 'M1',
  chapterId: 'B',
  title: 'M1',
  text: 'M1',
  type: 'multiple',
  isOptional: false,
  relevantTo: ['hearing', 'vision'],
  options: ['a', 'b', 'c', 'd', 'none'].map((x) => ({
    answerId: `M1-${x}`,
    label: x,
    exclusive: x === 'none',
  })),
  multiScoring: {
    hearing: {
      notApplicableIf: ['M1-none'],
      accessible: { allOf: ['M1-a', 'M1-b'] },
      partly: { anyOf: ['M1-a', 'M1-b'] },
    },
    vision: { accessible: { minCount: 3 }, partly: { minCount: 2 } },
  },
  help,
};

const sel = (...values: string[]): AnswerValue => ({ values, numericValue: null });
const num = (numericValue: number): AnswerValue => ({ values: [], numericValue });
const answers = (entries: Record<string, AnswerValue>) => new Map(Object.entries(entries));
const textOf = (scores: HandicapScore[], type: string) =>
  scores.find((s) => s.handicapTypeId === type)?.scoreText;

describe('questionOutcome', () => {
  it('scores a single choice by the chosen option, n/a as null, unscored types as undefined', () => {
    const q = single('Q', 'A', { 'Q-a': { wheelchair: 1, vision: null }, 'Q-b': { wheelchair: 0 } });
    expect(questionOutcome(q, sel('Q-a'), 'wheelchair')).toBe(1);
    expect(questionOutcome(q, sel('Q-b'), 'wheelchair')).toBe(0);
    expect(questionOutcome(q, sel('Q-a'), 'vision')).toBeNull();
    expect(questionOutcome(q, sel('Q-b'), 'vision')).toBeUndefined();
    expect(questionOutcome(q, sel('Q-a'), 'hearing')).toBeUndefined();
    expect(questionOutcome(q, sel('unknown'), 'wheelchair')).toBeUndefined();
  });

  it('scores numeric answers by the first matching band, 0 when none matches', () => {
    expect(questionOutcome(NUMERIC, num(90), 'wheelchair')).toBe(1);
    expect(questionOutcome(NUMERIC, num(77), 'wheelchair')).toBe(1);
    expect(questionOutcome(NUMERIC, num(72), 'wheelchair')).toBe(0.5);
    expect(questionOutcome(NUMERIC, num(60), 'wheelchair')).toBe(0);
    expect(questionOutcome(NUMERIC, num(60), 'mobility')).toBe(0.5);
    expect(questionOutcome(NUMERIC, num(60), 'vision')).toBeUndefined();
  });

  it('scores multiple choice: not applicable, accessible, partly, else 0', () => {
    expect(questionOutcome(MULTI, sel('M1-none'), 'hearing')).toBeNull();
    expect(questionOutcome(MULTI, sel('M1-a', 'M1-b'), 'hearing')).toBe(1);
    expect(questionOutcome(MULTI, sel('M1-b', 'M1-c'), 'hearing')).toBe(0.5);
    expect(questionOutcome(MULTI, sel('M1-c', 'M1-d'), 'hearing')).toBe(0);
    expect(questionOutcome(MULTI, sel('M1-a', 'M1-b', 'M1-c'), 'vision')).toBe(1);
    expect(questionOutcome(MULTI, sel('M1-a', 'M1-b'), 'vision')).toBe(0.5);
    expect(questionOutcome(MULTI, sel('M1-none'), 'vision')).toBe(0);
  });
});

describe('handicapScores', () => {
  const A1 = single('A1', 'A', {
    'A1-y': { wheelchair: 1, mobility: 1, vision: 1 },
    'A1-n': { wheelchair: 0, mobility: 0, vision: 0 },
  });
  const A2 = single('A2', 'A', { 'A2-y': { vision: 1 }, 'A2-p': { vision: 0.5 }, 'A2-na': { vision: null } });
  const B1 = single('B1', 'B', {
    'B1-y': { vision: 1, cognitive: 1 },
    'B1-p': { vision: 0.5, cognitive: 0.5 },
    'B1-n': { vision: 0, cognitive: 0 },
  });
  const ALLERGY = single('AL', 'B', { 'AL-y': { allergy: 1 }, 'AL-n': { allergy: 0 } }, { isOptional: true });
  const questions = [SCREENING, NUMERIC, A1, A2, MULTI, B1, ALLERGY];

  it('gives the five screened types always and the optional ones only when scored', () => {
    const none = handicapScores(questions, new Map(), { converted: false });
    expect(none.map((s) => s.handicapTypeId)).toEqual([...SCREENED_HANDICAPS]);
    expect(none.every((s) => s.scoreText === 'Ikke vurderet')).toBe(true);
    const withAllergy = handicapScores(questions, answers({ AL: sel('AL-n') }), { converted: false });
    expect(withAllergy.map((s) => s.handicapTypeId)).toEqual([...SCREENED_HANDICAPS, 'allergy']);
    expect(textOf(withAllergy, 'allergy')).toBe('Ikke egnet (0 %)');
  });

  it('takes the mean over chapters of the chapter means', () => {
    // vision: chapter A = mean(A1 1, A2 0.5) = 0.75; chapter B = mean(M1 0.5, B1 0) = 0.25 → 50 %
    const scores = handicapScores(
      questions,
      answers({
        S1: sel('S1-b'),
        A1: sel('A1-y'),
        A2: sel('A2-p'),
        M1: sel('M1-a', 'M1-b'),
        B1: sel('B1-n'),
      }),
      { converted: false },
    );
    expect(textOf(scores, 'vision')).toBe('Delvist egnet (50 %)');
    // hearing: only M1 → 1 → 100 %
    expect(textOf(scores, 'hearing')).toBe('Egnet (100 %)');
    // cognitive: only B1 = 0
    expect(textOf(scores, 'cognitive')).toBe('Ikke egnet (0 %)');
    // wheelchair: nothing answered that scores it (N1 unanswered), A1 = 1 → 100 %
    expect(textOf(scores, 'wheelchair')).toBe('Egnet (100 %)');
  });

  it('leaves n/a answers, unanswered and hidden questions out of the denominator', () => {
    const scores = handicapScores(
      questions,
      answers({ S1: sel('S1-b'), A1: sel('A1-y'), A2: sel('A2-na') }),
      {
        converted: false,
      },
    );
    expect(textOf(scores, 'vision')).toBe('Egnet (100 %)');
    expect(textOf(scores, 'hearing')).toBe('Ikke vurderet');
    const na = handicapScores(questions, answers({ M1: sel('M1-none') }), { converted: false });
    expect(textOf(na, 'hearing')).toBe('Ikke vurderet');
  });

  it('ignores numeric values outside the range (not answered)', () => {
    const scores = handicapScores(questions, answers({ N1: num(500) }), { converted: false });
    expect(textOf(scores, 'mobility')).toBe('Ikke vurderet');
  });

  it('marks types excluded at screening, and hides questions relevant only to them', () => {
    const onlyWheelchair = single('W1', 'A', { 'W1-n': { wheelchair: 0 } });
    const scores = handicapScoreDetails(
      [SCREENING, onlyWheelchair, A1],
      answers({ S1: sel('S1-a'), W1: sel('W1-n'), A1: sel('A1-y') }),
      {
        converted: false,
      },
    );
    const wheelchair = scores.find((s) => s.handicapTypeId === 'wheelchair')!;
    expect(wheelchair.scoreText).toBe('Ikke egnet (screening)');
    expect(wheelchair.level).toBe('screenedOut');
    expect(scores.find((s) => s.handicapTypeId === 'mobility')!.scoreText).toBe('Egnet (100 %)');
  });

  it('skips screening for converted assessments', () => {
    const scores = handicapScores(questions, answers({ S1: sel('S1-a'), A1: sel('A1-y') }), {
      converted: true,
    });
    expect(textOf(scores, 'wheelchair')).toBe('Egnet (100 %)');
  });

  it('caps a type at Delvist egnet when a critical question scores 0, keeping the percentage', () => {
    // wheelchair: chapter A = mean(N1 0, A1 1, 1, 1 ...) — use many good answers in another chapter.
    const good = Array.from({ length: 9 }, (_, i) =>
      single(`G${i}`, 'C', { [`G${i}-y`]: { wheelchair: 1 } }),
    );
    const qs = [NUMERIC, A1, ...good];
    const all = answers(
      Object.fromEntries([
        ['N1', num(10)],
        ['A1', sel('A1-y')],
        ...good.map((q) => [q.uniqueId, sel(`${q.uniqueId}-y`)]),
      ]),
    );
    // A = mean(0, 1) = 0.5, C = 1 → 75 % → Delvist egnet anyway; make A better with more good answers.
    const moreA = Array.from({ length: 8 }, (_, i) =>
      single(`H${i}`, 'A', { [`H${i}-y`]: { wheelchair: 1 } }),
    );
    for (const q of moreA) all.set(q.uniqueId, sel(`${q.uniqueId}-y`));
    const details = handicapScoreDetails([...qs, ...moreA], all, { converted: false });
    const wheelchair = details.find((s) => s.handicapTypeId === 'wheelchair')!;
    // A = 9/10 = 0.9, C = 1 → 95 %
    expect(wheelchair.percentage).toBe(95);
    expect(wheelchair.capped).toBe(true);
    expect(wheelchair.scoreText).toBe('Delvist egnet (95 %)');
    // mobility is not critical on N1: 10 cm → 0.5 there, no cap
    expect(details.find((s) => s.handicapTypeId === 'mobility')!.capped).toBe(false);
  });

  it('labels by the whole percentage: 85 % and up Egnet, 50 % and up Delvist egnet, below Ikke egnet', () => {
    const chapterOf = (n: number, yes: number) =>
      Array.from({ length: n }, (_, i) =>
        single(`V${i}`, 'A', { [`V${i}-y`]: { vision: 1 }, [`V${i}-n`]: { vision: 0 } }),
      ).map((q, i) => [q, sel(`${q.uniqueId}-${i < yes ? 'y' : 'n'}`)] as const);
    const label = (n: number, yes: number) => {
      const pairs = chapterOf(n, yes);
      return textOf(
        handicapScores(
          pairs.map(([q]) => q),
          new Map(pairs.map(([q, a]) => [q.uniqueId, a])),
          { converted: false },
        ),
        'vision',
      );
    };
    expect(label(20, 17)).toBe('Egnet (85 %)');
    expect(label(20, 16)).toBe('Delvist egnet (80 %)');
    expect(label(2, 1)).toBe('Delvist egnet (50 %)');
    expect(label(20, 9)).toBe('Ikke egnet (45 %)');
    expect(label(3, 1)).toBe('Ikke egnet (33 %)');
    expect(label(3, 2)).toBe('Delvist egnet (67 %)');
  });
});

describe('progress', () => {
  const OPTIONAL = single('O1', 'A', { 'O1-y': { vision: 1 } }, { isOptional: true });
  const WHEEL = single('W1', 'A', { 'W1-y': { wheelchair: 1 } });
  const questions = [SCREENING, WHEEL, NUMERIC, OPTIONAL, MULTI];

  it('is the share of required visible questions answered, screening included', () => {
    expect(progress(questions, new Map(), { converted: false })).toBe(0);
    // required: S1, W1, N1, M1 → 4
    expect(progress(questions, answers({ S1: sel('S1-b') }), { converted: false })).toBe(0.25);
    expect(progress(questions, answers({ S1: sel('S1-b'), O1: sel('O1-y') }), { converted: false })).toBe(
      0.25,
    );
    expect(
      progress(questions, answers({ S1: sel('S1-b'), W1: sel('W1-y'), N1: num(80), M1: sel('M1-a') }), {
        converted: false,
      }),
    ).toBe(1);
  });

  it('does not count questions hidden by screening, nor screening for converted assessments', () => {
    // S1-a excludes wheelchair: W1 hidden; N1 stays (mobility) → S1, N1, M1
    expect(progress(questions, answers({ S1: sel('S1-a') }), { converted: false })).toBeCloseTo(1 / 3);
    // converted: W1, N1, M1
    expect(progress(questions, answers({ W1: sel('W1-y') }), { converted: true })).toBeCloseTo(1 / 3);
  });

  it('is 0 when nothing is required', () => {
    expect(progress([OPTIONAL], new Map(), { converted: false })).toBe(0);
  });
});

describe('the real catalogue', () => {
  const bestAnswers = () => {
    const map = new Map<string, AnswerValue>();
    for (const q of QUESTIONS) {
      if (q.type === 'numeric') {
        // The value in range with the best outcome over all scored types.
        // Screening: the top of the range excludes nothing (S05 excludes below a width).
        let best = q.chapterId === 'screening' ? q.rangeEnd! : q.rangeStart!;
        let bestScore = -1;
        for (let v = q.rangeStart!; v <= q.rangeEnd!; v += 1) {
          const score = Object.keys(q.numericScoring ?? {}).reduce(
            (sum, type) => sum + (questionOutcome(q, num(v), type as never) ?? 0),
            0,
          );
          if (q.chapterId !== 'screening' && score > bestScore) [best, bestScore] = [v, score];
        }
        map.set(q.uniqueId, num(best));
      } else if (q.type === 'single') {
        // Screening: an option that excludes nothing; evaluation: the best sum of outcomes.
        const value = (o: NonNullable<QuestionDef['options']>[number]) =>
          q.chapterId === 'screening'
            ? -(o.excludes?.length ?? 0)
            : Object.values(o.outcomes ?? {}).reduce<number>((sum, x) => sum + (x ?? 0), 0);
        const best = [...q.options!].sort((a, b) => value(b) - value(a))[0]!;
        map.set(q.uniqueId, sel(best.answerId));
      } else {
        map.set(
          q.uniqueId,
          sel(...q.options!.filter((o) => !o.exclusive && !o.excludes).map((o) => o.answerId)),
        );
      }
    }
    return map;
  };

  it('scores the best answers as Egnet for every type, with all seven types present', () => {
    const scores = handicapScores(QUESTIONS, bestAnswers(), { converted: false });
    expect(scores.map((s) => s.handicapTypeId)).toEqual([...SCREENED_HANDICAPS, 'allergy', 'reading']);
    for (const score of scores)
      expect(score.scoreText, score.handicapTypeId).toMatch(/^Egnet \((8[5-9]|9\d|100) %\)$/);
    expect(progress(QUESTIONS, bestAnswers(), { converted: false })).toBe(1);
  });
});
