import type { ScreenedHandicap } from './handicaps';
import {
  excludedHandicaps,
  handicapsForEvaluation,
  isCalculated,
  isScreeningComplete,
  type AnswerMap,
  type RuleQuestion,
} from './screening';

/** The fields of an assessment that its answers decide, in the names of the domain. */
export interface AssessmentState {
  screeningCompleted: boolean;
  excludedHandicaps: ScreenedHandicap[];
  handicapsForEvaluation: ScreenedHandicap[];
  isCalculated: boolean;
}

/**
 * The stored fields derived from the answers: screening state, excluded and included handicap
 * types, and isCalculated. Converted assessments skip screening: it counts as complete and
 * excludes nothing. The server stores them with every answer (server/src/domain/answers.ts;
 * server/src/domain/assessment-state.ts maps these names to its columns); the form derives the
 * same offline (src/domain/offline-answer.ts, docs/architecture.md 2).
 */
export function deriveAssessmentState(
  questions: readonly RuleQuestion[],
  answers: AnswerMap,
  converted: boolean,
): AssessmentState {
  const screening = questions.filter((q) => q.chapterId === 'screening');
  const excluded = converted ? [] : excludedHandicaps(screening, answers);
  return {
    screeningCompleted: converted || isScreeningComplete(screening, answers),
    excludedHandicaps: excluded,
    handicapsForEvaluation: handicapsForEvaluation(excluded),
    isCalculated: isCalculated(questions, answers, { skipScreening: converted }),
  };
}
