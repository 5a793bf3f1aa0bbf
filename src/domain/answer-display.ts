import {
  applyAnswerToQuestion,
  formatNumericValue,
  type AnswerInput,
  type Question,
} from '../../shared/rules/answer-validation';

/**
 * How the form shows answers that are not (yet) in the server's question list (docs/product.md 2 and 4;
 * docs/architecture.md 2): pure, shared by the form and its tests.
 */

/** The whole answer as text, for the outbox list shown without the network ("87 cm", "Ja, Nej"). */
export function valueText(question: Question): string {
  if (question.type === 'numeric') {
    const value = question.numericQuestionValue;
    const unit = question.numericQuestionSettings?.measurementUnits ?? '';
    return value === null ? '' : `${formatNumericValue(value)} ${unit}`.trim();
  }
  return question.options
    .filter((o) => o.isSelected)
    .map((o) => o.label)
    .join(', ');
}

/**
 * An answer the server holds (syncanswer's 409 ANSWER_CHANGED_SINCE) as `valueText` shows it,
 * by its question; without the question, its raw number or answer ids.
 */
export function storedValueText(
  question: Question | undefined,
  stored: { values: readonly string[]; numericValue: number | null },
): string {
  if (!question) {
    return stored.numericValue === null ? stored.values.join(', ') : formatNumericValue(stored.numericValue);
  }
  const input =
    question.type === 'numeric' ? { numericValue: stored.numericValue } : { values: stored.values };
  return valueText(applyAnswerToQuestion(question, input));
}

/** An answer's text with its comment, for the places that show two answers side by side. */
export function withComment(value: string, comment: string | null | undefined, maxComment = 80): string {
  const text = comment?.trim();
  if (!text) return value;
  const shown = text.length > maxComment ? `${text.slice(0, maxComment - 1)}…` : text;
  return value ? `${value} («${shown}»)` : `«${shown}»`;
}

/**
 * docs/product.md 4: confirming a preselected (copied) answer saves it as it stands: the number, or the
 * selected options.
 */
export function preselectedAnswer(question: Question): AnswerInput {
  return question.type === 'numeric'
    ? { numericValue: question.numericQuestionValue }
    : { values: question.options.filter((o) => o.isSelected).map((o) => o.answerId) };
}

/**
 * The questions with the answers typed here that are not stored yet laid over them, by
 * uniqueId: a value the device refused stays on screen even when the server's list arrives.
 */
export function withAnswers(
  questions: readonly Question[],
  answers: ReadonlyMap<string, AnswerInput>,
): readonly Question[] {
  if (answers.size === 0) return questions;
  return questions.map((q) => {
    const answer = answers.get(q.uniqueId);
    return answer ? applyAnswerToQuestion(q, answer) : q;
  });
}

/** An outbox entry as far as the form's display is concerned. */
export interface QueuedAnswer {
  assessmentId: string;
  questionUniqueId: string;
  state: 'pending' | 'inflight' | 'parked';
  payload: AnswerInput;
}

/**
 * The answers of this assessment that are not on the server yet, per question: the queued
 * (pending or in-flight) edits in sending order, then what the device has not stored yet.
 * The server's list that comes back after another question's answer lacks them; laid over it
 * they stay on screen until their own answer is back. Refused (parked) ones are left to the
 * server's value: the outbox list shows them.
 */
export function unsentAnswers(
  queued: readonly QueuedAnswer[],
  assessmentId: string,
  unsaved: ReadonlyMap<string, AnswerInput>,
): ReadonlyMap<string, AnswerInput> {
  const answers = new Map<string, AnswerInput>();
  const add = (uniqueId: string, input: AnswerInput) =>
    answers.set(uniqueId, { ...answers.get(uniqueId), ...definedFields(input) });
  for (const entry of queued) {
    if (entry.assessmentId === assessmentId && entry.state !== 'parked')
      add(entry.questionUniqueId, entry.payload);
  }
  for (const [uniqueId, input] of unsaved) add(uniqueId, input);
  return answers;
}

function definedFields(input: AnswerInput): AnswerInput {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as AnswerInput;
}

/**
 * The answers typed here that the outbox's live snapshot does not show yet, per question: those
 * stored after the snapshot's read began (`at` at or after `readAt`: IndexedDB ran that read
 * before the store, so it lacks it), then those not stored at all, which win. Laid over the
 * queued ones by `unsentAnswers`, they keep a stale snapshot from showing an answer's earlier
 * value, on which a tap would decide (single choice clears when the selected option is chosen
 * again).
 */
export function answersNotInSnapshot(
  stored: ReadonlyMap<string, { payload: AnswerInput; at: number }>,
  unsaved: ReadonlyMap<string, AnswerInput>,
  readAt: number,
): ReadonlyMap<string, AnswerInput> {
  const later = [...stored].filter(([, s]) => s.at >= readAt);
  if (later.length === 0) return unsaved;
  const answers = new Map<string, AnswerInput>(later.map(([uniqueId, s]) => [uniqueId, s.payload]));
  for (const [uniqueId, input] of unsaved) answers.set(uniqueId, input);
  return answers;
}
