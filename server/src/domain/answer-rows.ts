import type { Kysely } from 'kysely';
import type { Question } from '../../../shared/rules/answer-validation';
import type { AnswerValue } from '../../../shared/rules/screening';
import type { Database } from '../db/schema';
import { deriveAssessmentState } from './assessment-state';
import { toQuestionList, type AnswerRow, type Catalogue } from './question-list';

/** An assessment's stored answers, and the question list they make (GET /api/v2/questions). */

/** The columns of `answers` that make an AnswerRow. */
export const ANSWER_ROW_COLUMNS = [
  'question_unique_id',
  'values',
  'numeric_value',
  'comment',
  'preselected',
] as const;

export function loadAnswerRows(db: Kysely<Database>, assessmentId: string): Promise<AnswerRow[]> {
  return db
    .selectFrom('answers')
    .select(ANSWER_ROW_COLUMNS)
    .where('assessment_id', '=', assessmentId)
    .execute();
}

export function answerMapOf(rows: readonly AnswerRow[]): Map<string, AnswerValue> {
  return new Map(
    rows.map((r) => [r.question_unique_id, { values: r.values, numericValue: r.numeric_value }]),
  );
}

/** The question list of an assessment as stored now. */
export async function questionsOf(
  db: Kysely<Database>,
  catalogue: Catalogue,
  assessment: { id: string; converted: boolean },
): Promise<Question[]> {
  const rows = await loadAnswerRows(db, assessment.id);
  const state = deriveAssessmentState(catalogue.questions, answerMapOf(rows), assessment.converted);
  return toQuestionList(catalogue, rows, state.excludedHandicaps);
}
