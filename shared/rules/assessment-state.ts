import {
  excludedHandicaps,
  handicapsForEvaluation,
  isCalculated,
  isScreeningComplete,
  type AnswerMap,
  type RuleQuestion,
} from './screening';

/**
 * The stored fields derived from the answers: screening state, excluded and included handicap
 * types, and isCalculated. Converted assessments skip screening: it counts as complete and
 * excludes nothing. The server stores them with every answer (server/src/domain/answers.ts);
 * the form derives the same offline (src/domain/offline-answer.ts, docs/architecture.md 2).
 */
export function deriveAssessmentState(
  questions: readonly RuleQuestion[],
  answers: AnswerMap,
  converted: boolean,
) {
  const screening = questions.filter((q) => q.chapterId === 'screening');
  const excluded = converted ? [] : excludedHandicaps(screening, answers);
  return {
    screening_completed: converted || isScreeningComplete(screening, answers),
    excluded_handicaps: excluded,
    handicaps_for_evaluation: handicapsForEvaluation(excluded),
    is_calculated: isCalculated(questions, answers, { skipScreening: converted }),
  };
}
