import {
  applyAnswerToQuestion,
  isEmptyAnswer,
  type AnswerInput,
  type Question,
} from '../../shared/rules/answer-validation';
import { deriveAssessmentState } from '../../shared/rules/assessment-state';
import { progress } from '../../shared/rules/scoring';
import {
  isHiddenQuestion,
  type AnswerMap,
  type AnswerValue,
  type RuleQuestion,
} from '../../shared/rules/screening';
import { numericExclusions, optionExcludes } from '../../shared/rules/screening-rules';

/**
 * The question list as the server would answer an answer (docs/architecture.md 2, "The form
 * offline"): the form shows it before the reply comes, and offline until the outbox has sent
 * the answer, so that screening hides the same questions, progress moves and the screening
 * outcome is the same as online. The rules are the server's own (shared/rules/screening.ts,
 * shared/rules/assessment-state.ts); the screening exclusions the list does not carry come from
 * shared/rules/screening-rules.ts. tests/domain/offline-answer.test.ts compares the result with the
 * server's syncanswer reply for random answer sequences.
 */

/** One answer as syncanswer takes it: the question and the fields that change (a valid answer). */
export interface ListAnswer extends AnswerInput {
  questionUniqueId: string;
}

/** The rules' view of a question of the list, with the screening exclusions of the catalogue. */
export function ruleQuestionOf(question: Question): RuleQuestion {
  const settings = question.numericQuestionSettings;
  return {
    uniqueId: question.uniqueId,
    chapterId: question.chapter.id,
    type: question.type,
    isOptional: question.isOptional,
    relevantTo: question.relevantTo,
    rangeStart: settings?.rangeStart ?? undefined,
    rangeEnd: settings?.rangeEnd ?? undefined,
    options: question.options.map((o) => ({ answerId: o.answerId, excludes: optionExcludes(o.answerId) })),
    numericExclusions: numericExclusions(question.uniqueId),
  };
}

/** The answers of the list as the rules read stored answers (answers.ts `answerMapOf`). */
export function answerMapOfList(questions: readonly Question[]): AnswerMap {
  const answers = new Map<string, AnswerValue>();
  for (const q of questions) {
    const values = q.options.filter((o) => o.isSelected).map((o) => o.answerId);
    if (values.length > 0 || q.numericQuestionValue !== null) {
      answers.set(q.uniqueId, { values, numericValue: q.numericQuestionValue });
    }
  }
  return answers;
}

/** The assessment's derived fields as the server would store them for these answers. */
export function derivedStateOfList(questions: readonly Question[], converted: boolean) {
  return deriveAssessmentState(questions.map(ruleQuestionOf), answerMapOfList(questions), converted);
}

/**
 * The list with `isHidden` as screening decides it for the list's own answers (question-list.ts
 * `toQuestionList`). Questions whose state does not change are the same objects.
 */
export function withScreeningApplied(questions: readonly Question[], converted: boolean): Question[] {
  const rules = questions.map(ruleQuestionOf);
  const excluded = deriveAssessmentState(rules, answerMapOfList(questions), converted).excludedHandicaps;
  return questions.map((q, i) => {
    const isHidden = isHiddenQuestion(rules[i]!, excluded);
    return q.isHidden === isHidden ? q : { ...q, isHidden };
  });
}

/**
 * One question with a valid answer applied as the server stores it (answers.ts `planAnswer`): the
 * given fields replace, a copied answer is confirmed unless only the comment changed, and an
 * answer left empty is removed, copy mark and all.
 */
export function answerAsServer(question: Question, input: AnswerInput): Question {
  const answered = applyAnswerToQuestion(question, input);
  if (!answered.isPreselected) return answered;
  // applyAnswerToQuestion keeps the copy mark for a comment-only change, but one that leaves
  // the answer empty deletes the server's row, mark and all.
  const empty = isEmptyAnswer({
    values: answered.options.filter((o) => o.isSelected).map((o) => o.answerId),
    numericValue: answered.numericQuestionValue,
    comment: answered.comment,
  });
  return empty ? { ...answered, isPreselected: false } : answered;
}

/**
 * The list the server's syncanswer reply would be for this answer. Only a screening answer
 * can change which questions are hidden, so after any other answer the list's own `isHidden`
 * is kept as the server last sent it.
 */
export function answerQuestionList(
  questions: readonly Question[],
  converted: boolean,
  answer: ListAnswer,
): Question[] {
  return withAnswersAsServer(questions, new Map([[answer.questionUniqueId, answer]]), converted);
}

/**
 * The list with these answers applied as the server stores them; screening is applied again
 * only when one of them is a screening answer (no other answer changes what is hidden).
 */
function withAnswersAsServer(
  questions: readonly Question[],
  answers: ReadonlyMap<string, AnswerInput>,
  converted: boolean,
): Question[] {
  let screening = false;
  const answered = questions.map((q) => {
    const input = answers.get(q.uniqueId);
    if (!input) return q;
    screening ||= q.chapterKind === 'screening';
    return answerAsServer(q, input);
  });
  return screening ? withScreeningApplied(answered, converted) : answered;
}

/** The fields of getassessment (shared/contract/dto.ts AssessmentDetails) the answers decide. */
export interface DerivedDetails {
  screeningCompleted: boolean;
  excludedHandicaps: string[];
  handicapsForEvaluation: string[];
  isCalculated: boolean;
  lastAnsweredQuestionUniqueId: string | null;
}

/**
 * The assessment as getassessment would answer it after the answer: the derived fields of the
 * list, and the answered question as the last one (sync_answer_write, migration 0009).
 */
export function answeredAssessment<T extends DerivedDetails & { converted: boolean }>(
  assessment: T,
  questions: readonly Question[],
  questionUniqueId: string,
): T {
  const state = derivedStateOfList(questions, assessment.converted);
  return {
    ...assessment,
    screeningCompleted: state.screeningCompleted,
    excludedHandicaps: state.excludedHandicaps,
    handicapsForEvaluation: state.handicapsForEvaluation,
    isCalculated: state.isCalculated,
    lastAnsweredQuestionUniqueId: questionUniqueId,
  };
}

/**
 * The list with the answers not on the server yet laid over it (src/domain/answer-display.ts
 * `unsentAnswers`), as the server will answer once it has them: a list the server sent after
 * another question's answer, or one restored after a reload, lacks them, and a screening answer
 * among them changes what is hidden. Without a screening answer among them the list's `isHidden`
 * stays the server's.
 */
export function withUnsentAnswers(
  questions: readonly Question[],
  unsent: ReadonlyMap<string, AnswerInput>,
  converted: boolean,
): readonly Question[] {
  return unsent.size === 0 ? questions : withAnswersAsServer(questions, unsent, converted);
}

/**
 * The share of the list's required questions answered, as the server gives it in the
 * assessment lists (`progress` of getactiveassessments and getlocatedassessments,
 * shared/rules/scoring.ts `progress`), so that the residence's card moves offline too.
 */
export function listProgress(questions: readonly Question[], converted: boolean): number {
  return progress(questions.map(ruleQuestionOf), answerMapOfList(questions), { converted });
}
