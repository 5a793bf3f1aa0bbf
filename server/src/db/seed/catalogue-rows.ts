import type { Transaction } from 'kysely';
import type { QuestionDef } from '../../../../shared/rules/catalogue';
import type { Database } from '../schema';
import { CHAPTERS, QUESTIONS } from './catalogue';
import { insertChunked } from './chunked';

/** The three-digit id within its chapter kind (docs/architecture.md 3). */
export function numberQuestions(questions: readonly QuestionDef[]): Map<string, string> {
  const counters = { screening: 0, evaluation: 0 };
  const numbers = new Map<string, string>();
  for (const q of questions) {
    const kind = q.chapterId === 'screening' ? 'screening' : 'evaluation';
    numbers.set(q.uniqueId, String(++counters[kind]).padStart(3, '0'));
  }
  return numbers;
}

/** The question catalogue (chapters, questions, options), as every seed stores it. */
export async function seedCatalogue(trx: Transaction<Database>): Promise<void> {
  await trx
    .insertInto('chapters')
    .values(
      CHAPTERS.map((c, position) => ({
        id: c.id,
        kind: c.kind,
        label: c.label,
        description: c.description,
        position,
      })),
    )
    .execute();
  const numbers = numberQuestions(QUESTIONS);
  await trx
    .insertInto('questions')
    .values(
      QUESTIONS.map((q, position) => ({
        unique_id: q.uniqueId,
        chapter_id: q.chapterId,
        kind: q.chapterId === 'screening' ? ('screening' as const) : ('evaluation' as const),
        number: numbers.get(q.uniqueId)!,
        position,
        title: q.title,
        text: q.text,
        type: q.type,
        is_optional: q.isOptional,
        relevant_to: q.relevantTo,
        measurement_units: q.measurementUnits ?? null,
        range_start: q.rangeStart ?? null,
        range_end: q.rangeEnd ?? null,
        is_decimal: q.isDecimal ?? false,
        definition: JSON.stringify(q),
      })),
    )
    .execute();
  const options = QUESTIONS.flatMap((q) =>
    (q.options ?? []).map((o, position) => ({
      answer_id: o.answerId,
      question_unique_id: q.uniqueId,
      label: o.label,
      position,
    })),
  );
  await insertChunked(options, (chunk) => trx.insertInto('question_options').values(chunk).execute());
}
