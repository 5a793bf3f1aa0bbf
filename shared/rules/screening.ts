import type { NumericExclusion, QuestionDef } from './catalogue';
import { SCREENED_HANDICAPS, type HandicapType, type ScreenedHandicap } from './handicaps';

/** An answer as the rules see it: selected option ids, or a numeric value. */
export interface AnswerValue {
  values: readonly string[];
  numericValue: number | null;
}

export type AnswerMap = ReadonlyMap<string, AnswerValue>;

/**
 * What the screening rules read of a question: a catalogue QuestionDef is one as it is, and so is
 * a question of the API's list with its screening exclusions added (src/domain/offline-answer.ts),
 * which is how the form applies the same rules offline (docs/architecture.md 2).
 */
export interface RuleQuestion extends Pick<
  QuestionDef,
  'uniqueId' | 'chapterId' | 'type' | 'isOptional' | 'rangeStart' | 'rangeEnd'
> {
  relevantTo: readonly string[];
  options?: readonly { answerId: string; excludes?: readonly HandicapType[] }[];
  numericExclusions?: readonly NumericExclusion[];
}

/** docs/product.md 5: numeric with a valid value, single or multiple with a selected option. */
export function isAnswered(question: RuleQuestion, answer: AnswerValue | undefined): boolean {
  if (!answer) return false;
  if (question.type === 'numeric') {
    const v = answer.numericValue;
    return (
      v !== null &&
      Number.isFinite(v) &&
      v >= (question.rangeStart ?? -Infinity) &&
      v <= (question.rangeEnd ?? Infinity)
    );
  }
  return answer.values.length > 0;
}

/**
 * The handicap types that screening answers exclude (docs/domain.md 3.1): options carry
 * `excludes`, numeric questions `numericExclusions`. Returned in the canonical order.
 */
export function excludedHandicaps(
  screening: readonly RuleQuestion[],
  answers: AnswerMap,
): ScreenedHandicap[] {
  const excluded = new Set<HandicapType>();
  for (const question of screening) {
    const answer = answers.get(question.uniqueId);
    if (!answer || !isAnswered(question, answer)) continue;
    if (question.type === 'numeric') {
      const value = answer.numericValue!;
      for (const rule of question.numericExclusions ?? []) {
        if (
          (rule.below !== undefined && value < rule.below) ||
          (rule.above !== undefined && value > rule.above)
        ) {
          excluded.add(rule.handicap);
        }
      }
    } else {
      for (const option of question.options ?? []) {
        if (answer.values.includes(option.answerId)) option.excludes?.forEach((h) => excluded.add(h));
      }
    }
  }
  return SCREENED_HANDICAPS.filter((h) => excluded.has(h));
}

/** Screening is complete when every required screening question is answered. */
export function isScreeningComplete(screening: readonly RuleQuestion[], answers: AnswerMap): boolean {
  return screening.every((q) => q.isOptional || isAnswered(q, answers.get(q.uniqueId)));
}

/** The screened types left for evaluation; the two fixed optional types are never included. */
export function handicapsForEvaluation(excluded: readonly ScreenedHandicap[]): ScreenedHandicap[] {
  return SCREENED_HANDICAPS.filter((h) => !excluded.includes(h));
}

/**
 * An evaluation question is hidden when every type it is relevant to was excluded at
 * screening (docs/architecture.md 3); the fixed optional types keep their questions visible.
 */
export function isHiddenQuestion(question: RuleQuestion, excluded: readonly ScreenedHandicap[]): boolean {
  if (question.chapterId === 'screening') return false;
  return question.relevantTo.every((h) => (excluded as readonly string[]).includes(h));
}

/** Calculated: screening complete and every visible required evaluation question answered. */
export function isCalculated(
  questions: readonly RuleQuestion[],
  answers: AnswerMap,
  options: { skipScreening?: boolean } = {},
): boolean {
  const screening = questions.filter((q) => q.chapterId === 'screening');
  if (!options.skipScreening && !isScreeningComplete(screening, answers)) return false;
  const excluded = options.skipScreening ? [] : excludedHandicaps(screening, answers);
  return questions
    .filter((q) => q.chapterId !== 'screening' && !q.isOptional && !isHiddenQuestion(q, excluded))
    .every((q) => isAnswered(q, answers.get(q.uniqueId)));
}
