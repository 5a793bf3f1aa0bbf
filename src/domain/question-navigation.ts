import { isQuestionAnswered, type Question } from '../../shared/rules/answer-validation';
import { screeningOutcome, type ScreeningOutcome } from './assessment-progress';

/**
 * Which questions the form walks through and where it opens (docs/product.md 2 and 4), without
 * React: shared by the form, the resume route and their tests.
 */

export interface VisibilityOptions {
  /** Converted residences skip screening (docs/product.md 4). */
  converted: boolean;
  /** The table of contents' "hide optional questions" toggle. */
  hideOptional?: boolean;
}

/** The questions the form shows, in order: not hidden by screening, not skipped, not toggled off. */
export function visibleQuestions(questions: readonly Question[], options: VisibilityOptions): Question[] {
  return questions.filter(
    (q) =>
      !q.isHidden &&
      !(options.converted && q.chapterKind === 'screening') &&
      !(options.hideOptional && q.isOptional),
  );
}

export interface LandingOptions {
  converted: boolean;
  /** The assessment's lastAnsweredQuestionUniqueId (null when nothing was answered). */
  lastAnsweredQuestionUniqueId: string | null;
  /** False for a locked assessment: it is read from its first question. */
  editable: boolean;
}

/**
 * Where an assessment opens when the user comes back to it: an editable one at the question
 * after the one answered last (at its last question, the first unanswered one, else that
 * question again); without a usable last answer at the first unanswered question, which for a
 * new assessment is screening 001 (the first evaluation question when screening is skipped).
 * A locked one opens at its first question. Undefined only when no question is visible.
 */
export function landingQuestion(
  questions: readonly Question[],
  options: LandingOptions,
): Question | undefined {
  const visible = visibleQuestions(questions, { converted: options.converted });
  if (!options.editable) return visible[0];
  const firstUnanswered = visible.find((q) => !isQuestionAnswered(q));
  const last = visible.findIndex((q) => q.uniqueId === options.lastAnsweredQuestionUniqueId);
  if (last >= 0) return visible[last + 1] ?? firstUnanswered ?? visible[last];
  return firstUnanswered ?? visible[0];
}

/**
 * docs/product.md 4 "Unlock": the copy of an approved assessment opens at the same question, the
 * one it was answered at last. Without a usable one (none recorded, or one the form does not
 * show) it opens at the first question: screening 001, or the first evaluation question of a
 * converted residence. Undefined only when no question is visible.
 */
export function unlockQuestion(
  questions: readonly Question[],
  options: { converted: boolean; lastAnsweredQuestionUniqueId: string | null },
): Question | undefined {
  const visible = visibleQuestions(questions, { converted: options.converted });
  return visible.find((q) => q.uniqueId === options.lastAnsweredQuestionUniqueId) ?? visible[0];
}

/** An answer of the outbox as far as "answered last" is concerned. */
export interface QueuedEdit {
  assessmentId: string;
  questionUniqueId: string;
  state: 'pending' | 'inflight' | 'parked';
  updatedAt: number;
}

/**
 * The question answered last, counting the answers of this assessment still waiting on the
 * device (docs/architecture.md 2): the server has not recorded them yet, but they are newer than
 * anything it has, so the most recent of them wins. Refused (parked) ones do not count.
 */
export function lastAnsweredQuestion(
  serverLast: string | null,
  queued: readonly QueuedEdit[],
  assessmentId: string,
): string | null {
  let newest: QueuedEdit | undefined;
  for (const entry of queued) {
    if (entry.assessmentId !== assessmentId || entry.state === 'parked') continue;
    if (!newest || entry.updatedAt >= newest.updatedAt) newest = entry;
  }
  return newest?.questionUniqueId ?? serverLast;
}

/**
 * The dialogs that interrupt the form (docs/product.md 2 "The assessment form"): the screening
 * intro, a new chapter, the screening outcome, and the end with or without missing questions.
 */
export type BreakerKind = 'intro' | 'chapter' | ScreeningOutcome | 'globalMissing' | 'globalReady';

/** docs/product.md 2: the chapter breaker reads "Start screening" at the first question of a new form. */
export function initialBreaker(options: {
  chapter: string;
  questionId: string;
  /** A locked form is only read: nothing to start. */
  locked: boolean;
  /** Converted residences skip screening (docs/product.md 4): no screening to start. */
  converted: boolean;
}): BreakerKind | null {
  return options.chapter === 'screening' &&
    options.questionId === '001' &&
    !options.locked &&
    !options.converted
    ? 'intro'
    : null;
}

export interface NextStepContext {
  locked: boolean;
  /** Required questions without a valid answer, in the whole assessment. */
  missingCount: number;
  /** Screening answered (or skipped for a converted residence). */
  screeningComplete: boolean;
  excludedHandicapCount: number;
}

export type NextStep =
  | { kind: 'question'; question: Question }
  | { kind: 'breaker'; breaker: BreakerKind }
  /** A locked form ends at the residence. */
  | { kind: 'leave' };

/**
 * What "Næste" (or a swipe) does at `index` of the visible questions (docs/product.md 2 and 4): after the
 * last question the result breaker (with the missing questions, or ready to finish); at the
 * end of screening its outcome; at a new chapter the chapter breaker; otherwise the next
 * question. A locked form has no breakers and leaves after its last question.
 */
export function nextStep(visible: readonly Question[], index: number, context: NextStepContext): NextStep {
  const current = visible[index];
  const following = visible[index + 1];
  if (!following) {
    if (context.locked) return { kind: 'leave' };
    return { kind: 'breaker', breaker: context.missingCount > 0 ? 'globalMissing' : 'globalReady' };
  }
  if (!current || context.locked) return { kind: 'question', question: following };
  if (current.chapterKind === 'screening' && following.chapterKind !== 'screening') {
    return {
      kind: 'breaker',
      breaker: screeningOutcome(context.screeningComplete, context.excludedHandicapCount),
    };
  }
  if (following.chapter.id !== current.chapter.id) return { kind: 'breaker', breaker: 'chapter' };
  return { kind: 'question', question: following };
}

/**
 * docs/product.md 4 "Hiding optional questions": an optional current question gives way to the nearest
 * required one, forward first, else backward. Null when there is none.
 */
export function nearestRequired(
  visible: readonly Question[],
  index: number,
): { question: Question; direction: 'forward' | 'back' } | null {
  const after = visible.slice(index + 1).find((q) => !q.isOptional);
  if (after) return { question: after, direction: 'forward' };
  const before = visible
    .slice(0, Math.max(index, 0))
    .reverse()
    .find((q) => !q.isOptional);
  return before ? { question: before, direction: 'back' } : null;
}

/** docs/product.md 2: the share of the visible required questions that are answered (1 when there are none). */
export function answeredShare(visible: readonly Question[]): number {
  const required = visible.filter((q) => !q.isOptional);
  return required.length === 0 ? 1 : required.filter(isQuestionAnswered).length / required.length;
}

/**
 * What a breaker's main button does (docs/product.md 2 and 4): the intro and the missing-questions
 * breakers close (the user answers on), the ready ones finish (sync hidden questions, results),
 * the others continue to the next question.
 */
export function breakerPrimaryAction(kind: BreakerKind): 'close' | 'finish' | 'continue' {
  switch (kind) {
    case 'intro':
    case 'globalMissing':
    case 'screeningMissing':
      return 'close';
    case 'globalReady':
    case 'screeningNone':
      return 'finish';
    default:
      return 'continue';
  }
}
