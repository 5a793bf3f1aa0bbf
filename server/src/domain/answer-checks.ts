import {
  answerErrorMessage,
  validateAnswer,
  type SyncAnswerRequest,
} from '../../../shared/rules/answer-validation';
import { isScreeningComplete } from '../../../shared/rules/screening';
import {
  awaitsScreening,
  SCREENING_NOT_COMPLETE,
  SCREENING_NOT_COMPLETE_MESSAGE,
} from '../../../shared/rules/screening-first';
import { isEditableStatus } from '../../../shared/rules/statuses';
import { ANSWER_ERROR_CODES } from '../../../shared/contract/error-codes';
import type { AssessmentStatus } from '../db/schema';
import { HttpError } from '../errors';
import { answerMapOf } from './answer-rows';
import type { AnswerRow, Catalogue } from './question-list';

/** The refusals of a write of answers (docs/api.md "syncanswer" and "synchiddenquestions"). */

/** 409 ASSESSMENT_LOCKED unless the assessment takes answers (a draft or rejected one). */
export function assertEditable(status: AssessmentStatus): void {
  if (!isEditableStatus(status)) {
    throw new HttpError(
      409,
      `The assessment is ${status}: answers can only be changed while it is a draft or rejected`,
      'ASSESSMENT_LOCKED',
    );
  }
}

/**
 * 409 SCREENING_NOT_COMPLETE unless the question takes answers now: an evaluation question only
 * once the screening is complete by the stored answers (shared/rules/screening-first.ts; converted
 * assessments skip screening). Any write to it is refused, a comment or an emptied answer too.
 */
export function assertScreeningFirst(
  catalogue: Catalogue,
  questionId: string,
  rows: readonly AnswerRow[],
  converted: boolean,
): void {
  const question = catalogue.byId.get(questionId);
  if (!question || question.chapterId === 'screening' || converted) return;
  const screening = catalogue.questions.filter((q) => q.chapterId === 'screening');
  if (awaitsScreening('evaluation', isScreeningComplete(screening, answerMapOf(rows)))) {
    throw new HttpError(409, SCREENING_NOT_COMPLETE_MESSAGE, SCREENING_NOT_COMPLETE);
  }
}

/** 400 unless the answer suits its question (shared/rules/answer-validation.ts). */
export function assertValidAnswer(catalogue: Catalogue, body: SyncAnswerRequest): void {
  const error = validateAnswer(catalogue.byId.get(body.questionUniqueId), body);
  if (error) throw new HttpError(400, answerErrorMessage(error), ANSWER_ERROR_CODES[error.code]);
}
