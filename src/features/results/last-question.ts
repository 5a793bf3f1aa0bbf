import type { Question } from '../../../shared/rules/answer-validation';

/**
 * The question the form shows last: the last evaluation question that is not hidden (questions
 * of handicap types excluded at screening are skipped by the form). Back from the results goes
 * there, as the results follow the last question (docs/product.md 2 and 4).
 */
export function lastEvaluationQuestion(questions: readonly Question[]): Question | undefined {
  return questions.findLast((q) => q.chapterKind === 'evaluation' && !q.isHidden);
}
