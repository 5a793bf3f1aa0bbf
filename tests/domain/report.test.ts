import { describe, expect, it } from 'vitest';
import type { AssessmentHistory, HistoryEvent } from '../../shared/contract/history';
import type { Question } from '../../shared/rules/answer-validation';
import { reportAnswers, reportPeople } from '../../src/domain/report';

const question = (over: Partial<Question>): Question => ({
  id: '001',
  uniqueId: 'Q1',
  title: 'Dørbredde',
  question: 'Hvor bred er døren?',
  type: 'single',
  isOptional: false,
  isHidden: false,
  isPreselected: false,
  comment: null,
  chapter: { id: 'screening', label: 'Screening' },
  chapterKind: 'screening',
  numericQuestionValue: null,
  numericQuestionSettings: null,
  options: [{ answerId: 'a', label: 'Ja', isSelected: false, exclusive: false }],
  relevantTo: [],
  ...over,
});
const event = (over: Partial<HistoryEvent>): HistoryEvent => ({
  kind: 'answered',
  at: '2026-11-28T10:00:00.000Z',
  by: null,
  byJob: false,
  count: 1,
  day: '2026-11-28',
  sourceAssessmentId: null,
  sourceAddress: null,
  validFrom: null,
  ...over,
});

/** The printed report's rules (docs/product.md 2 "The printable report"). */
describe('the printable report', () => {
  it('lists what was answered by chapter, with comments, and leaves out hidden and unanswered questions', () => {
    const selected = [{ answerId: 'a', label: 'Ja', isSelected: true, exclusive: false }];
    const chapters = reportAnswers([
      question({ uniqueId: 'S1', options: selected }),
      question({ uniqueId: 'S2' }),
      question({ uniqueId: 'S3', comment: ' Målt med tommestok ' }),
      question({
        uniqueId: 'E1',
        chapter: { id: 'ANK', label: 'Ankomst' },
        options: selected,
        isHidden: true,
      }),
      question({
        uniqueId: 'E2',
        title: 'Fri bredde',
        type: 'numeric',
        chapter: { id: 'ANK', label: 'Ankomst' },
        numericQuestionValue: 87.5,
        numericQuestionSettings: { measurementUnits: 'cm', rangeStart: 0, rangeEnd: 200, isDecimal: true },
        options: [],
      }),
    ]);
    expect(chapters).toEqual([
      {
        chapter: 'Screening',
        answers: [
          { uniqueId: 'S1', question: 'Dørbredde', answer: 'Ja', comment: null },
          { uniqueId: 'S3', question: 'Dørbredde', answer: '', comment: 'Målt med tommestok' },
        ],
      },
      {
        chapter: 'Ankomst',
        answers: [{ uniqueId: 'E2', question: 'Fri bredde', answer: '87,5 cm', comment: null }],
      },
    ]);
  });

  it('lists an unanswered question that has photos, so that its photos are printed', () => {
    const chapters = reportAnswers(
      [question({ uniqueId: 'S1' }), question({ uniqueId: 'S2' })],
      new Set(['S2']),
    );
    expect(chapters).toEqual([
      {
        chapter: 'Screening',
        answers: [{ uniqueId: 'S2', question: 'Dørbredde', answer: '', comment: null }],
      },
    ]);
  });

  it('names who assessed, each once in the order they began, and who approved', () => {
    const history: AssessmentHistory = {
      assessmentId: 'x',
      createdBy: 'Sofie Skriver',
      changedBy: 'Freja Flere',
      approvedBy: 'Freja Flere',
      events: [
        event({ kind: 'copied', by: 'Sofie Skriver', at: '2026-11-01T09:00:00.000Z' }),
        event({ by: 'Freja Flere' }),
        event({ by: 'Sofie Skriver' }),
        event({ kind: 'approved', by: 'Freja Flere', at: '2026-11-28T12:00:00.000Z' }),
      ],
    };
    expect(reportPeople(history)).toEqual({
      assessedBy: ['Sofie Skriver', 'Freja Flere'],
      approvedBy: 'Freja Flere',
      created: '2026-11-01T09:00:00.000Z',
      approved: '2026-11-28T12:00:00.000Z',
    });
    expect(reportPeople(undefined)).toBeUndefined();
  });
});
