import type { Kysely } from 'kysely';
import type { QuestionDef } from '../../../shared/rules/catalogue';
import type { AnswerValue } from '../../../shared/rules/screening';
import type { Database } from '../db/schema';
import { chunks } from '../db/chunks';

/** The question catalogue from the database (questions.definition), screening first, in order. */
export async function loadQuestions(db: Kysely<Database>): Promise<QuestionDef[]> {
  const rows = await db
    .selectFrom('questions')
    .select('definition')
    .orderBy('kind', 'desc')
    .orderBy('position')
    .execute();
  return rows.map((row) => row.definition as QuestionDef);
}

/** The stored answers of the given assessments, per assessment id (assessments without any get an empty map). */
export async function loadAnswers(
  db: Kysely<Database>,
  assessmentIds: readonly string[],
): Promise<Map<string, Map<string, AnswerValue>>> {
  const result = new Map<string, Map<string, AnswerValue>>();
  for (const id of assessmentIds) result.set(id, new Map());
  const unique = [...result.keys()];
  for (const ids of chunks(unique)) {
    const rows = await db
      .selectFrom('answers')
      .select(['assessment_id', 'question_unique_id', 'values', 'numeric_value'])
      .where('assessment_id', 'in', ids)
      .execute();
    for (const row of rows) {
      result.get(row.assessment_id)!.set(row.question_unique_id, {
        values: row.values,
        numericValue: row.numeric_value,
      });
    }
  }
  return result;
}
