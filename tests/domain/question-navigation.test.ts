import { describe, expect, it } from 'vitest';
import type { Question } from '../../shared/rules/answer-validation';
import {
  answeredShare,
  breakerPrimaryAction,
  initialBreaker,
  landingQuestion,
  lastAnsweredQuestion,
  nearestRequired,
  nextStep,
  unlockQuestion,
  visibleQuestions,
  type NextStepContext,
  type QueuedEdit,
} from '../../src/domain/question-navigation';

const SCREENING = { id: 'screening', label: 'Screening' };
const ANK = { id: 'ANK', label: 'Ankomst og adgang' };
const IND = { id: 'IND', label: 'Indgangsdør' };

const yes = [
  { answerId: 'ja', label: 'Ja', isSelected: true, exclusive: false },
  { answerId: 'nej', label: 'Nej', isSelected: false, exclusive: false },
];
const none = yes.map((o) => ({ ...o, isSelected: false }));

function question(uniqueId: string, fields: Partial<Question> = {}): Question {
  const screening = uniqueId.startsWith('S');
  return {
    id: uniqueId.slice(-3).padStart(3, '0'),
    uniqueId,
    title: `Spørgsmål ${uniqueId}`,
    question: `Spørgsmål ${uniqueId}?`,
    type: 'single',
    isOptional: false,
    isHidden: false,
    isPreselected: false,
    comment: null,
    chapter: screening ? SCREENING : ANK,
    chapterKind: screening ? 'screening' : 'evaluation',
    numericQuestionValue: null,
    numericQuestionSettings: null,
    options: none,
    relevantTo: [],
    ...fields,
  };
}

const answered = (q: Question): Question => ({ ...q, options: yes });

/** Two screening questions, then ANK 001-002 and IND 003-004. */
function catalogue(): Question[] {
  return [
    question('S001'),
    question('S002'),
    question('E001'),
    question('E002'),
    question('E003', { chapter: IND }),
    question('E004', { chapter: IND }),
  ];
}

const ids = (qs: readonly (Question | undefined)[]) => qs.map((q) => q?.uniqueId);

describe('where an assessment opens (landingQuestion, docs/product.md 2 and 4)', () => {
  const editable = { converted: false, editable: true };

  it('opens a new assessment at screening 001', () => {
    const q = landingQuestion(catalogue(), { ...editable, lastAnsweredQuestionUniqueId: null });
    expect(q?.chapterKind).toBe('screening');
    expect(q?.id).toBe('001');
  });

  it('opens at the question after the one answered last', () => {
    const qs = catalogue().map((q, i) => (i < 3 ? answered(q) : q));
    expect(landingQuestion(qs, { ...editable, lastAnsweredQuestionUniqueId: 'E001' })?.uniqueId).toBe('E002');
    // Also when earlier questions are still open: the user goes on where they stopped.
    const gaps = catalogue().map((q) => (q.uniqueId === 'E003' ? answered(q) : q));
    expect(landingQuestion(gaps, { ...editable, lastAnsweredQuestionUniqueId: 'E003' })?.uniqueId).toBe(
      'E004',
    );
  });

  it('opens at the first unanswered question when the last answered is the last question', () => {
    const qs = catalogue().map((q) => (['S001', 'E004'].includes(q.uniqueId) ? answered(q) : q));
    expect(landingQuestion(qs, { ...editable, lastAnsweredQuestionUniqueId: 'E004' })?.uniqueId).toBe('S002');
  });

  it('opens at the last question itself when everything is answered and it was answered last', () => {
    const qs = catalogue().map(answered);
    expect(landingQuestion(qs, { ...editable, lastAnsweredQuestionUniqueId: 'E004' })?.uniqueId).toBe('E004');
  });

  it('opens a converted residence at the first evaluation question (screening is skipped)', () => {
    const q = landingQuestion(catalogue(), {
      converted: true,
      editable: true,
      lastAnsweredQuestionUniqueId: null,
    });
    expect(q?.chapterKind).toBe('evaluation');
    expect(q?.id).toBe('001');
  });

  it('opens at the first unanswered question when the last answered one is now hidden', () => {
    const qs = catalogue().map((q) => {
      if (q.uniqueId === 'S001' || q.uniqueId === 'S002') return answered(q);
      if (q.uniqueId === 'E002') return answered({ ...q, isHidden: true });
      return q;
    });
    expect(landingQuestion(qs, { ...editable, lastAnsweredQuestionUniqueId: 'E002' })?.uniqueId).toBe('E001');
  });

  it('opens a locked assessment at its first visible question, whatever was answered', () => {
    const qs = catalogue().map(answered);
    qs[0] = { ...qs[0]!, isHidden: true };
    expect(
      landingQuestion(qs, { converted: false, editable: false, lastAnsweredQuestionUniqueId: 'E002' })
        ?.uniqueId,
    ).toBe('S002');
  });
});

describe('where the copy of an unlocked assessment opens (unlockQuestion, docs/product.md 4)', () => {
  it('opens at the question the approved one was answered at last', () => {
    const q = unlockQuestion(catalogue().map(answered), {
      converted: false,
      lastAnsweredQuestionUniqueId: 'E003',
    });
    expect(q?.uniqueId).toBe('E003');
  });

  it('opens at screening 001 without a last answered question, even when every answer is there', () => {
    const q = unlockQuestion(catalogue().map(answered), {
      converted: false,
      lastAnsweredQuestionUniqueId: null,
    });
    expect([q?.chapterKind, q?.id]).toEqual(['screening', '001']);
  });

  it('opens at the first question when the last answered one is not shown', () => {
    const qs = catalogue().map(answered);
    qs[3] = { ...qs[3]!, isHidden: true };
    expect(unlockQuestion(qs, { converted: false, lastAnsweredQuestionUniqueId: 'E002' })?.uniqueId).toBe(
      'S001',
    );
    // A converted residence skips screening: its first question is the first evaluation one.
    expect(unlockQuestion(qs, { converted: true, lastAnsweredQuestionUniqueId: 'S002' })?.uniqueId).toBe(
      'E001',
    );
  });
});

describe('the question answered last (lastAnsweredQuestion, docs/architecture.md 2)', () => {
  const edit = (
    questionUniqueId: string,
    updatedAt: number,
    fields: Partial<QueuedEdit> = {},
  ): QueuedEdit => ({
    assessmentId: 'a-1',
    questionUniqueId,
    state: 'pending',
    updatedAt,
    ...fields,
  });

  it("is the server's when nothing of this assessment waits on the device", () => {
    expect(lastAnsweredQuestion('E001', [], 'a-1')).toBe('E001');
    expect(lastAnsweredQuestion('E001', [edit('E004', 9, { assessmentId: 'a-2' })], 'a-1')).toBe('E001');
  });

  it('is the most recently edited of the answers still waiting, in flight or not', () => {
    const queued = [edit('E003', 5), edit('E002', 7, { state: 'inflight' }), edit('E001', 6)];
    expect(lastAnsweredQuestion('S001', queued, 'a-1')).toBe('E002');
  });

  it('leaves out answers the server refused', () => {
    expect(lastAnsweredQuestion('E001', [edit('E004', 9, { state: 'parked' })], 'a-1')).toBe('E001');
  });
});

describe('the questions the form walks through (visibleQuestions)', () => {
  it('leaves out hidden ones, screening when converted, and optional ones when toggled off', () => {
    const qs = catalogue();
    qs[3] = { ...qs[3]!, isHidden: true };
    qs[4] = { ...qs[4]!, isOptional: true };
    expect(ids(visibleQuestions(qs, { converted: false }))).toEqual(['S001', 'S002', 'E001', 'E003', 'E004']);
    expect(ids(visibleQuestions(qs, { converted: true, hideOptional: true }))).toEqual(['E001', 'E004']);
  });
});

describe('what Næste does (nextStep, docs/product.md 2 and 4)', () => {
  const editable: NextStepContext = {
    locked: false,
    missingCount: 0,
    screeningComplete: true,
    excludedHandicapCount: 0,
  };
  const qs = catalogue();

  it('goes to the next question within a chapter', () => {
    expect(nextStep(qs, 0, editable)).toEqual({ kind: 'question', question: qs[1] });
    expect(nextStep(qs, 2, editable)).toEqual({ kind: 'question', question: qs[3] });
  });

  it('shows the screening outcome at the end of screening', () => {
    expect(nextStep(qs, 1, editable)).toEqual({ kind: 'breaker', breaker: 'screeningAll' });
    expect(nextStep(qs, 1, { ...editable, excludedHandicapCount: 2 })).toEqual({
      kind: 'breaker',
      breaker: 'screeningSome',
    });
    expect(nextStep(qs, 1, { ...editable, excludedHandicapCount: 5 })).toEqual({
      kind: 'breaker',
      breaker: 'screeningNone',
    });
    expect(nextStep(qs, 1, { ...editable, screeningComplete: false })).toEqual({
      kind: 'breaker',
      breaker: 'screeningMissing',
    });
  });

  it('introduces a new chapter with the chapter breaker', () => {
    expect(nextStep(qs, 3, editable)).toEqual({ kind: 'breaker', breaker: 'chapter' });
  });

  it('ends with the missing questions, or ready to finish, after the last question', () => {
    expect(nextStep(qs, 5, { ...editable, missingCount: 2 })).toEqual({
      kind: 'breaker',
      breaker: 'globalMissing',
    });
    expect(nextStep(qs, 5, editable)).toEqual({ kind: 'breaker', breaker: 'globalReady' });
  });

  it('has no breakers in a locked form, which leaves for the residence after its last question', () => {
    const locked = { ...editable, locked: true };
    expect(nextStep(qs, 1, locked)).toEqual({ kind: 'question', question: qs[2] });
    expect(nextStep(qs, 3, locked)).toEqual({ kind: 'question', question: qs[4] });
    expect(nextStep(qs, 5, locked)).toEqual({ kind: 'leave' });
  });
});

describe('the breakers', () => {
  it('open with "Start screening" at screening 001 of an editable form only', () => {
    const at = { chapter: 'screening', questionId: '001', locked: false, converted: false };
    expect(initialBreaker(at)).toBe('intro');
    expect(initialBreaker({ ...at, locked: true })).toBeNull();
    expect(initialBreaker({ ...at, converted: true })).toBeNull();
    expect(initialBreaker({ ...at, questionId: '002' })).toBeNull();
    expect(initialBreaker({ ...at, chapter: 'evaluation' })).toBeNull();
  });

  it('close, finish or continue from their main button', () => {
    expect(breakerPrimaryAction('intro')).toBe('close');
    expect(breakerPrimaryAction('globalMissing')).toBe('close');
    expect(breakerPrimaryAction('screeningMissing')).toBe('close');
    expect(breakerPrimaryAction('globalReady')).toBe('finish');
    expect(breakerPrimaryAction('screeningNone')).toBe('finish');
    expect(breakerPrimaryAction('screeningSome')).toBe('continue');
    expect(breakerPrimaryAction('chapter')).toBe('continue');
  });
});

describe('hiding optional questions (docs/product.md 4)', () => {
  it('moves to the nearest required question, forward first, else back', () => {
    const qs = catalogue().map((q, i) => ({ ...q, isOptional: i === 3 || i === 5 }));
    expect(nearestRequired(qs, 3)).toEqual({ question: qs[4], direction: 'forward' });
    expect(nearestRequired(qs, 5)).toEqual({ question: qs[4], direction: 'back' });
    expect(nearestRequired([qs[3]!], 0)).toBeNull();
  });
});

describe('the progress share (docs/product.md 2)', () => {
  it('counts the answered required questions among the visible ones', () => {
    const qs = catalogue().map((q, i) => (i < 3 ? answered(q) : q));
    expect(answeredShare(qs)).toBe(0.5);
    expect(answeredShare(qs.map((q, i) => (i >= 3 ? { ...q, isOptional: true } : q)))).toBe(1);
    expect(answeredShare([])).toBe(1);
  });
});
