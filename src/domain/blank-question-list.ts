import type { Question } from '../../shared/rules/answer-validation';
import { withScreeningApplied } from './offline-answer';

/**
 * The question list of a new assessment, made on the device from the list of any other
 * assessment (screening starts offline, docs/architecture.md 4 "Offline start"). Every
 * assessment lists the same catalogue; only the answers differ. So every answer field is
 * cleared (value, options, comment, preselection) and `isHidden` is what the shared screening
 * rules give with no answers, as the server computes it for a fresh assessment
 * (server/src/domain/question-list.ts). Pure; the given list is left as it is.
 */
export function blankQuestionList(questions: readonly Question[]): Question[] {
  const blank = questions.map((question) => ({
    ...question,
    isPreselected: false,
    comment: null,
    numericQuestionValue: null,
    numericQuestionSettings: question.numericQuestionSettings && { ...question.numericQuestionSettings },
    chapter: { ...question.chapter },
    options: question.options.map((option) => ({ ...option, isSelected: false })),
    relevantTo: [...question.relevantTo],
  }));
  // No answer excludes anything, converted or not: the form's own screening rule decides.
  return withScreeningApplied(blank, false);
}
