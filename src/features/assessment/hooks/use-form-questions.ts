import { useMemo } from 'react';
import type { AssessmentDetails } from '../../../../shared/contract/dto';
import {
  missingQuestions,
  type AnswerInput,
  type Question,
} from '../../../../shared/rules/answer-validation';
import { isListScreeningComplete } from '../../../../shared/rules/screening-first';
import { unsentAnswers } from '../../../domain/answer-display';
import { derivedStateOfList, withUnsentAnswers } from '../../../domain/offline-answer';
import { visibleQuestions } from '../../../domain/question-navigation';
import type { OutboxEntry } from '../../../offline/outbox';

/**
 * The form's questions as this device knows them (docs/architecture.md 2, "The form offline"):
 * the server's list with the answers not on the server yet laid over it, the questions shown,
 * the one at this address, the required ones still missing, and the screening's outcome.
 */
export function useFormQuestions(options: {
  questions: readonly Question[];
  assessment: AssessmentDetails;
  /** The outbox's answers (its live snapshot). */
  entries: readonly OutboxEntry[];
  assessmentId: string;
  /** Answers typed here that the snapshot does not show yet. */
  unsaved: ReadonlyMap<string, AnswerInput>;
  hideOptional: boolean;
  chapter: string;
  questionId: string;
}) {
  const { questions, assessment, entries, assessmentId, unsaved, hideOptional } = options;
  const { converted } = assessment;
  const unsent = useMemo(
    () => unsentAnswers(entries, assessmentId, unsaved),
    [entries, assessmentId, unsaved],
  );
  // The answers not on the server yet, laid over the list as the server will answer them: after
  // a reload, or a reply to another question, a screening answer among them still hides what it
  // hides online (docs/architecture.md 2, "The form offline").
  const all = useMemo(() => withUnsentAnswers(questions, unsent, converted), [questions, unsent, converted]);
  const screeningUnsent = useMemo(
    () => all.some((q) => q.chapterKind === 'screening' && unsent.has(q.uniqueId)),
    [all, unsent],
  );
  // The screening outcome the server will give: the cached assessment's, unless a screening
  // answer is still on its way (then the refetched assessment does not have it yet).
  const excludedHandicaps = useMemo(
    () =>
      screeningUnsent ? derivedStateOfList(all, converted).excludedHandicaps : assessment.excludedHandicaps,
    [screeningUnsent, all, converted, assessment.excludedHandicaps],
  );
  const visible = useMemo(
    () => visibleQuestions(all, { converted, hideOptional }),
    [all, converted, hideOptional],
  );
  const index = visible.findIndex((q) => q.chapterKind === options.chapter && q.id === options.questionId);
  const question = visible[index];
  const missing = useMemo(() => missingQuestions(all, { converted }), [all, converted]);
  // The screening as this device knows it (answers still in the outbox count): evaluation
  // questions take answers only once it is complete (shared/rules/screening-first.ts).
  const screeningComplete = useMemo(() => isListScreeningComplete(all, converted), [all, converted]);
  return { visible, index, question, missing, screeningComplete, excludedHandicaps };
}

export type FormQuestions = ReturnType<typeof useFormQuestions>;
