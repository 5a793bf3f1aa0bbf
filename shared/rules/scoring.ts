import type { MultiCondition, Outcome, QuestionDef } from './catalogue';
import {
  FIXED_OPTIONAL_HANDICAPS,
  HANDICAP_TYPES,
  type HandicapType,
  type ScreenedHandicap,
} from './handicaps';
import {
  excludedHandicaps,
  isAnswered,
  isHiddenQuestion,
  type AnswerMap,
  type RuleQuestion,
  type AnswerValue,
} from './screening';

/**
 * Handicap scores (docs/architecture.md 3, docs/domain.md 4).
 *
 * - Per question and handicap type an answer counts 1 (accessible), 0.5 (partly) or 0 (not),
 *   from the question's scoring: the chosen option's `outcomes` (single choice),
 *   `multiScoring` (multiple choice: notApplicableIf → n/a, accessible → 1, partly → 0.5,
 *   else 0) or `numericScoring` bands (first match wins, none matching → 0).
 * - A question without scoring for a type, an n/a (null) outcome, an unanswered question and
 *   a hidden question (all its types excluded at screening) leave that type's denominator.
 * - Per type: the mean over the evaluation chapters (those with at least one scored
 *   question) of the chapter means. Screening questions are never scored.
 * - Text: "Egnet (92 %)" from 85 %, "Delvist egnet (63 %)" from 50 %, "Ikke egnet (31 %)"
 *   below; the thresholds apply to the whole percentage shown, so label and number agree.
 *   A 0 on a question whose `criticalFor` holds the type caps "Egnet" at "Delvist egnet"
 *   (the percentage is kept). A type excluded at screening is "Ikke egnet (screening)"; a
 *   type with nothing scored is "Ikke vurderet".
 * - The five screened types always get an entry; allergy and reading only when at least one
 *   of their questions has a non-null outcome. Converted assessments skip screening: nothing
 *   is excluded.
 *
 * Preselected (copied, not yet confirmed) answers count like any other answer: the server's
 * state is the stored answers; confirming them is a step in the UI.
 */

/** One entry of GET /api/v2/assessment/getassessmentscores (dto.ts HandicapScore). */
export interface HandicapScore {
  handicapTypeId: string;
  scoreText: string;
}

export type ScoreLevel = 'suitable' | 'partly' | 'unsuitable' | 'screenedOut' | 'notAssessed';

export interface HandicapScoreDetail extends HandicapScore {
  handicapTypeId: HandicapType;
  level: ScoreLevel;
  /** Whole percent; null when screened out or not assessed. */
  percentage: number | null;
  /** A critical question scored 0 and lowered the level from suitable to partly. */
  capped: boolean;
  /** Scored questions (non-null outcomes) behind the percentage. */
  scoredQuestions: number;
}

export interface ScoringOptions {
  /** Converted residences skip screening: nothing is excluded, screening is not counted. */
  converted: boolean;
}

export const SUITABLE_FROM = 85;
export const PARTLY_FROM = 50;

export const SCORE_LABELS = {
  suitable: 'Egnet',
  partly: 'Delvist egnet',
  unsuitable: 'Ikke egnet',
  screenedOut: 'Ikke egnet (screening)',
  notAssessed: 'Ikke vurderet',
} as const;

function conditionHolds(condition: MultiCondition, selected: readonly string[]): boolean {
  if (condition.allOf && !condition.allOf.every((id) => selected.includes(id))) return false;
  if (condition.anyOf && !condition.anyOf.some((id) => selected.includes(id))) return false;
  if (condition.minCount !== undefined && selected.length < condition.minCount) return false;
  return true;
}

/**
 * The outcome of an answered question for one type; undefined when the question does not score
 * that type (or the answer names no known option), null when not applicable.
 */
export function questionOutcome(
  question: QuestionDef,
  answer: AnswerValue,
  type: HandicapType,
): Outcome | undefined {
  if (question.type === 'numeric') {
    const bands = question.numericScoring?.[type];
    if (!bands || answer.numericValue === null) return undefined;
    const value = answer.numericValue;
    const band = bands.find(
      (b) => (b.min === undefined || value >= b.min) && (b.max === undefined || value <= b.max),
    );
    return band ? band.outcome : 0;
  }
  if (question.type === 'multiple') {
    const rule = question.multiScoring?.[type];
    if (!rule) return undefined;
    const known = new Set((question.options ?? []).map((o) => o.answerId));
    const selected = answer.values.filter((id) => known.has(id));
    if (selected.length === 0) return undefined;
    if (rule.notApplicableIf?.some((id) => selected.includes(id))) return null;
    if (conditionHolds(rule.accessible, selected)) return 1;
    if (rule.partly && conditionHolds(rule.partly, selected)) return 0.5;
    return 0;
  }
  const option = (question.options ?? []).find((o) => answer.values.includes(o.answerId));
  if (!option?.outcomes || !(type in option.outcomes)) return undefined;
  return option.outcomes[type] ?? null;
}

function excludedFor(questions: readonly RuleQuestion[], answers: AnswerMap, options: ScoringOptions) {
  if (options.converted) return [] as ScreenedHandicap[];
  return excludedHandicaps(
    questions.filter((q) => q.chapterId === 'screening'),
    answers,
  );
}

function scoreText(level: ScoreLevel, percentage: number | null): string {
  const label = SCORE_LABELS[level];
  return percentage === null ? label : `${label} (${percentage} %)`;
}

/** Every type's score with the numbers behind it, in HANDICAP_TYPES order (see handicapScores). */
export function handicapScoreDetails(
  questions: readonly QuestionDef[],
  answers: AnswerMap,
  options: ScoringOptions,
): HandicapScoreDetail[] {
  const excluded = excludedFor(questions, answers, options);
  const evaluation = questions.filter((q) => q.chapterId !== 'screening' && !isHiddenQuestion(q, excluded));
  const details: HandicapScoreDetail[] = [];
  for (const type of HANDICAP_TYPES) {
    if ((excluded as readonly string[]).includes(type)) {
      details.push({
        handicapTypeId: type,
        level: 'screenedOut',
        percentage: null,
        capped: false,
        scoredQuestions: 0,
        scoreText: scoreText('screenedOut', null),
      });
      continue;
    }
    const chapters = new Map<string, number[]>();
    let critical = false;
    let scored = 0;
    for (const question of evaluation) {
      const answer = answers.get(question.uniqueId);
      if (!answer || !isAnswered(question, answer)) continue;
      const outcome = questionOutcome(question, answer, type);
      if (outcome === undefined || outcome === null) continue;
      scored++;
      if (outcome === 0 && question.criticalFor?.includes(type)) critical = true;
      const list = chapters.get(question.chapterId) ?? [];
      list.push(outcome);
      chapters.set(question.chapterId, list);
    }
    const isFixed = (FIXED_OPTIONAL_HANDICAPS as readonly string[]).includes(type);
    if (scored === 0) {
      if (!isFixed) {
        details.push({
          handicapTypeId: type,
          level: 'notAssessed',
          percentage: null,
          capped: false,
          scoredQuestions: 0,
          scoreText: scoreText('notAssessed', null),
        });
      }
      continue;
    }
    const means = [...chapters.values()].map((list) => list.reduce((a, b) => a + b, 0) / list.length);
    const percentage = Math.round((100 * means.reduce((a, b) => a + b, 0)) / means.length);
    let level: ScoreLevel =
      percentage >= SUITABLE_FROM ? 'suitable' : percentage >= PARTLY_FROM ? 'partly' : 'unsuitable';
    const capped = critical && level === 'suitable';
    if (capped) level = 'partly';
    details.push({
      handicapTypeId: type,
      level,
      percentage,
      capped,
      scoredQuestions: scored,
      scoreText: scoreText(level, percentage),
    });
  }
  return details;
}

/**
 * The handicap scores of an assessment: the five screened types always, allergy and reading
 * when scored (see the module comment).
 */
export function handicapScores(
  questions: readonly QuestionDef[],
  answers: AnswerMap,
  options: ScoringOptions,
): HandicapScore[] {
  return handicapScoreDetails(questions, answers, options).map(({ handicapTypeId, scoreText }) => ({
    handicapTypeId,
    scoreText,
  }));
}

/**
 * Share (0..1) of the required visible questions that are answered, screening included
 * (for the progress bar). Converted assessments skip screening; evaluation questions hidden
 * by screening are not counted. With nothing required the share is 0.
 */
export function progress(
  questions: readonly RuleQuestion[],
  answers: AnswerMap,
  options: ScoringOptions,
): number {
  const excluded = excludedFor(questions, answers, options);
  const required = questions.filter((q) => {
    if (q.isOptional) return false;
    if (q.chapterId === 'screening') return !options.converted;
    return !isHiddenQuestion(q, excluded);
  });
  if (required.length === 0) return 0;
  const answered = required.filter((q) => isAnswered(q, answers.get(q.uniqueId))).length;
  return answered / required.length;
}
