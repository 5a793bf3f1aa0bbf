import type { Kysely, Transaction } from 'kysely';
import { isHiddenQuestion } from '../../../shared/rules/screening';
import type { Database } from '../db/schema';
import { notFound } from '../errors';
import { assertEditable } from './answer-checks';
import { answerMapOf, loadAnswerRows } from './answer-rows';
import { deriveAssessmentState, toAssessmentColumns } from './assessment-state';
import type { Catalogue } from './question-list';

/** The assessment row, locked until the transaction ends; gone and cancelled ones are 404. */
async function lockAssessment(trx: Transaction<Database>, assessmentId: string) {
  const row = await trx
    .selectFrom('assessments')
    .select(['id', 'status', 'converted'])
    .where('id', '=', assessmentId)
    .forUpdate()
    .executeTakeFirst();
  if (!row || row.status === 'cancelled') throw notFound('Assessment not found');
  return row;
}

/**
 * synchiddenquestions: removes the answers of the questions that screening hides now (they
 * must not count) and recomputes the derived fields, in one transaction. 409 when locked.
 */
export async function syncHiddenQuestions(
  db: Kysely<Database>,
  catalogue: Catalogue,
  assessmentId: string,
): Promise<{ hidden: number; removed: number }> {
  return db.transaction().execute(async (trx) => {
    const assessment = await lockAssessment(trx, assessmentId);
    assertEditable(assessment.status);
    const rows = await loadAnswerRows(trx, assessment.id);
    const before = deriveAssessmentState(catalogue.questions, answerMapOf(rows), assessment.converted);
    const hidden = catalogue.questions.filter((q) => isHiddenQuestion(q, before.excludedHandicaps));
    const hiddenIds = new Set(hidden.map((q) => q.uniqueId));
    const remove = rows.filter((r) => hiddenIds.has(r.question_unique_id)).map((r) => r.question_unique_id);
    if (remove.length > 0) {
      await trx
        .deleteFrom('answers')
        .where('assessment_id', '=', assessment.id)
        .where('question_unique_id', 'in', remove)
        .execute();
    }
    const kept = rows.filter((r) => !hiddenIds.has(r.question_unique_id));
    const state = toAssessmentColumns(
      deriveAssessmentState(catalogue.questions, answerMapOf(kept), assessment.converted),
    );
    await trx
      .updateTable('assessments')
      .set(remove.length > 0 ? { ...state, updated_at: new Date() } : state)
      .where('id', '=', assessment.id)
      .execute();
    return { hidden: hidden.length, removed: remove.length };
  });
}

/** The text answer of synchiddenquestions: "3 skjulte spørgsmål, 2 svar fjernet". */
export function hiddenQuestionsText({ hidden, removed }: { hidden: number; removed: number }): string {
  return `${hidden} ${hidden === 1 ? 'skjult' : 'skjulte'} spørgsmål, ${removed} svar fjernet`;
}
