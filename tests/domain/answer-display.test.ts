import { describe, expect, it } from 'vitest';
import {
  answersNotInSnapshot,
  preselectedAnswer,
  storedValueText,
  unsentAnswers,
  valueText,
  withAnswers,
  withComment,
} from '../../src/domain/answer-display';
import type { Question } from '../../shared/rules/answer-validation';

const base: Question = {
  id: '001',
  uniqueId: 'IND-01',
  title: 'Dørens fri bredde',
  question: 'Hvor bred er døren?',
  type: 'numeric',
  isOptional: false,
  isHidden: false,
  isPreselected: true,
  comment: null,
  chapter: { id: 'IND', label: 'Indgangsdør' },
  chapterKind: 'evaluation',
  numericQuestionValue: 87.5,
  numericQuestionSettings: { measurementUnits: 'cm', rangeStart: 0, rangeEnd: 300, isDecimal: true },
  options: [],
  relevantTo: [],
};

const choice: Question = {
  ...base,
  uniqueId: 'ANK-01',
  type: 'multiple',
  numericQuestionValue: null,
  numericQuestionSettings: null,
  options: [
    { answerId: 'rampe', label: 'Rampe', isSelected: true, exclusive: false },
    { answerId: 'lift', label: 'Lift', isSelected: false, exclusive: false },
    { answerId: 'trappe', label: 'Trappe', isSelected: true, exclusive: false },
  ],
};

describe('an answer as text for the outbox list', () => {
  it('is the number with a decimal comma and its unit, or the selected labels', () => {
    expect(valueText(base)).toBe('87,5 cm');
    expect(valueText({ ...base, numericQuestionValue: null })).toBe('');
    expect(valueText(choice)).toBe('Rampe, Trappe');
  });
});

describe('the newer answer a refusal names, beside the one on the device (docs/api.md "syncanswer")', () => {
  it('is written as the question shows it, or raw when the question is not known', () => {
    expect(storedValueText(base, { values: [], numericValue: 92 })).toBe('92 cm');
    expect(storedValueText(base, { values: [], numericValue: null })).toBe('');
    expect(storedValueText(choice, { values: ['lift'], numericValue: null })).toBe('Lift');
    expect(storedValueText(undefined, { values: ['lift', 'rampe'], numericValue: null })).toBe('lift, rampe');
    expect(storedValueText(undefined, { values: [], numericValue: 92.5 })).toBe('92,5');
  });

  it('carries its comment, shortened', () => {
    expect(withComment('92 cm', null)).toBe('92 cm');
    expect(withComment('92 cm', '  ')).toBe('92 cm');
    expect(withComment('92 cm', 'Målt ved døren')).toBe('92 cm («Målt ved døren»)');
    expect(withComment('', 'Kun en kommentar')).toBe('«Kun en kommentar»');
    expect(withComment('Ja', 'x'.repeat(200), 10)).toBe(`Ja («${'x'.repeat(9)}…»)`);
  });
});

describe('confirming a preselected answer (docs/product.md 4)', () => {
  it('saves the number or the selection as it stands', () => {
    expect(preselectedAnswer(base)).toEqual({ numericValue: 87.5 });
    expect(preselectedAnswer(choice)).toEqual({ values: ['rampe', 'trappe'] });
  });
});

describe('answers not stored yet laid over the server list', () => {
  it('show the typed value and leave the other questions alone', () => {
    const shown = withAnswers([base, choice], new Map([['ANK-01', { values: ['lift'] }]]));
    expect(shown[0]).toBe(base);
    expect(shown[1]!.options.filter((o) => o.isSelected).map((o) => o.answerId)).toEqual(['lift']);
    expect(shown[1]!.isPreselected).toBe(false);
  });
});

describe('the answers not on the server yet', () => {
  it('are the queued edits of this assessment in order, then what the device has not stored', () => {
    const answers = unsentAnswers(
      [
        {
          assessmentId: 'a-1',
          questionUniqueId: 'ANK-01',
          state: 'inflight',
          payload: { values: ['rampe'] },
        },
        {
          assessmentId: 'a-1',
          questionUniqueId: 'ANK-01',
          state: 'pending',
          payload: { comment: 'Ved opgang B' },
        },
        { assessmentId: 'a-1', questionUniqueId: 'IND-01', state: 'pending', payload: { numericValue: 90 } },
        { assessmentId: 'a-1', questionUniqueId: 'IND-02', state: 'parked', payload: { values: ['ja'] } },
        { assessmentId: 'a-2', questionUniqueId: 'ANK-02', state: 'pending', payload: { values: ['nej'] } },
      ],
      'a-1',
      new Map([['IND-01', { numericValue: 95 }]]),
    );
    expect(Object.fromEntries(answers)).toEqual({
      'ANK-01': { values: ['rampe'], comment: 'Ved opgang B' },
      'IND-01': { numericValue: 95 },
    });
  });
});

describe('answersNotInSnapshot', () => {
  const stored = new Map([
    ['S07', { payload: { values: ['b'] }, at: 1_000 }],
    ['S08', { payload: { values: ['a'] }, at: 500 }],
  ]);

  it('keeps an answer stored after the snapshot was read on screen, and lets a later read take over', () => {
    // The snapshot began at 900: it cannot hold S07 (stored at 1,000), it holds S08.
    expect(answersNotInSnapshot(stored, new Map(), 900)).toEqual(new Map([['S07', { values: ['b'] }]]));
    // Read at the very millisecond of the store: not known to hold it, so still laid over.
    expect(answersNotInSnapshot(stored, new Map(), 1_000)).toEqual(new Map([['S07', { values: ['b'] }]]));
    const unsaved = new Map();
    expect(answersNotInSnapshot(stored, unsaved, 1_001)).toBe(unsaved);
  });

  it('lets an answer not stored yet win over one stored before it', () => {
    expect(answersNotInSnapshot(stored, new Map([['S07', { values: ['a'] }]]), 900)).toEqual(
      new Map([['S07', { values: ['a'] }]]),
    );
  });

  it('together with unsentAnswers, shows the stored value over a stale queued one', () => {
    const queued = [
      { assessmentId: 'x', questionUniqueId: 'S07', state: 'pending' as const, payload: { values: ['a'] } },
    ];
    const shown = unsentAnswers(queued, 'x', answersNotInSnapshot(stored, new Map(), 900));
    expect(shown.get('S07')).toEqual({ values: ['b'] });
  });
});
