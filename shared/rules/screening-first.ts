import { missingQuestions, type Question } from './answer-validation';
import type { ChapterKind } from './catalogue';

/**
 * Screening comes first (docs/domain.md 3.1, docs/product.md 4 "Screening and answering"): an
 * evaluation question takes answers only once the screening is complete. Converted assessments
 * skip screening, so for them it always counts as complete. One rule for both sides: the server
 * refuses such an answer (server/src/domain/answers.ts, 409 SCREENING_NOT_COMPLETE), and the form
 * shows the question without answer controls, by the screening as the device knows it (answers
 * still in the outbox count, docs/architecture.md 2 "The form offline").
 */

/** The code of syncanswer's 409 for an evaluation answer given before the screening is complete. */
export const SCREENING_NOT_COMPLETE = 'SCREENING_NOT_COMPLETE';

/** The message of that 409 (the form and the outbox show their own Danish text). */
export const SCREENING_NOT_COMPLETE_MESSAGE =
  'The screening is not complete: evaluation questions can be answered once every required screening question is answered';

/**
 * Whether a question of this chapter kind waits for the screening: an evaluation question while
 * the screening is not complete. `screeningComplete` is true for a converted assessment.
 */
export function awaitsScreening(chapterKind: ChapterKind, screeningComplete: boolean): boolean {
  return chapterKind === 'evaluation' && !screeningComplete;
}

/**
 * Whether the screening of this question list is complete, as the form knows it (the list with
 * the answers still on the device laid over it): every required screening question answered,
 * or a converted assessment. The same as the server's `screening_completed` for the same answers.
 */
export function isListScreeningComplete(questions: readonly Question[], converted: boolean): boolean {
  return converted || !missingQuestions(questions).some((q) => q.chapterKind === 'screening');
}
