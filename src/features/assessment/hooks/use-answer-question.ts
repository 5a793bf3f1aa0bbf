import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import type { AssessmentListEntry } from '../../../../shared/contract/dto';
import { activeAssessmentsKeys } from '../../../api/get-active-assessments';
import { assessmentQueryOptions } from '../../../api/get-assessment';
import { locatedAssessmentsKeys } from '../../../api/get-located-assessments';
import { propertyQueryOptions } from '../../../api/get-property';
import { questionsQueryOptions } from '../../../api/get-questions';
import { answersNotInSnapshot, valueText } from '../../../domain/answer-display';
import {
  applyAnswerToQuestion,
  type AnswerInput,
  type Question,
} from '../../../../shared/rules/answer-validation';
import { answeredAssessment, answerQuestionList, listProgress } from '../../../domain/offline-answer';
import { refusalOf, type EnqueueState, type StorageFailure } from '../../../domain/save-status';
import { mergePayload, type AnswerPayload } from '../../../offline/outbox';
import type { FormOutbox } from '../form-outbox';
import { useAnswerStore } from './use-answer-store';

function payloadOf(input: AnswerInput): AnswerPayload {
  return {
    ...(input.numericValue !== undefined ? { numericValue: input.numericValue } : {}),
    ...(input.values !== undefined ? { values: [...input.values] } : {}),
    ...(input.comment !== undefined ? { comment: input.comment } : {}),
  };
}

export interface AnswerSaving {
  /** Shows the answer at once and stores it on the device (the outbox is its only way out). */
  answer: (question: Question, input: AnswerInput) => void;
  /** "Prøv igen": stores a refused answer again now. */
  retry: (questionUniqueId: string) => void;
  /** Tries every answer not stored yet; true when none is left. */
  retryAll: () => Promise<boolean>;
  /** The form's last attempt to store each question's answer. */
  enqueues: ReadonlyMap<string, EnqueueState>;
  /** Questions whose answer was stored on the device in this visit (confirms a preselected one). */
  answeredHere: ReadonlySet<string>;
  /**
   * Answers typed here that the outbox's live snapshot does not show yet (not stored, or stored
   * after the snapshot was read), merged per question: laid over the server's list.
   */
  unsaved: ReadonlyMap<string, AnswerInput>;
  /** The reasons of the answers the device refused, one per question. */
  failures: readonly StorageFailure[];
}

/**
 * The list and the assessment as the server will answer them (src/domain/offline-answer.ts):
 * offline, and until the reply, screening hides what it would hide online, progress moves and
 * the screening outcome is the server's (docs/architecture.md 2, "The form offline"). The reply
 * replaces both when it comes (src/features/outbox/outbox-client.ts).
 */
function showAnswerInCache(
  queryClient: QueryClient,
  ids: { propertyId: string; assessmentId: string; uniqueId: string },
  input: AnswerInput,
): void {
  const { propertyId, assessmentId, uniqueId } = ids;
  const assessmentKey = assessmentQueryOptions(assessmentId, propertyId).queryKey;
  const converted = queryClient.getQueryData(assessmentKey)?.converted ?? false;
  const list = queryClient.setQueryData(
    questionsQueryOptions(assessmentId).queryKey,
    (questions) =>
      questions && answerQuestionList(questions, converted, { questionUniqueId: uniqueId, ...input }),
  );
  if (list) {
    const details = queryClient.setQueryData(
      assessmentKey,
      (cached) => cached && answeredAssessment(cached, list, uniqueId),
    );
    // The residence's card and the active list show its progress (and calculated state).
    const progress = listProgress(list, converted);
    const patch = (entries: AssessmentListEntry[] | undefined) =>
      entries?.some((e) => e.assessmentId === assessmentId)
        ? entries.map((e) =>
            e.assessmentId === assessmentId
              ? { ...e, progress, isCalculated: details?.isCalculated ?? e.isCalculated }
              : e,
          )
        : entries;
    queryClient.setQueriesData<AssessmentListEntry[]>({ queryKey: activeAssessmentsKeys.all }, patch);
    queryClient.setQueriesData<AssessmentListEntry[]>({ queryKey: locatedAssessmentsKeys.all }, patch);
  }
}

/**
 * Answering (docs/architecture.md 2): the value shows at once (optimistic cache), then it is
 * enqueued in the outbox. Only a resolved enqueue counts as saved; a refused one ("Ikke gemt",
 * quota, private mode, a closed database) keeps the typed value on screen and is tried again
 * after 1, 2, 5, 10 and then every 30 s, or at once from "Prøv igen" (use-answer-store.ts).
 */
export function useAnswerQuestion(options: {
  propertyId: string;
  assessmentId: string;
  locked: boolean;
  outbox: FormOutbox;
}): AnswerSaving {
  const { propertyId, assessmentId, locked, outbox } = options;
  const queryClient = useQueryClient();
  const router = useRouter();
  const answers = useAnswerStore(outbox);
  const { queue, waitingPayload, author } = answers;

  const answer = useCallback(
    (question: Question, input: AnswerInput) => {
      const ssoUuid = author();
      if (locked || !ssoUuid) return;
      const uniqueId = question.uniqueId;
      showAnswerInCache(queryClient, { propertyId, assessmentId, uniqueId }, input);
      // An edit while an earlier one of the same question is not stored carries both.
      const earlier = waitingPayload(uniqueId);
      const payload = earlier ? mergePayload(earlier, payloadOf(input)) : payloadOf(input);
      const after = applyAnswerToQuestion(question, input);
      queue({
        assessmentId,
        propertyId,
        questionUniqueId: uniqueId,
        payload,
        ssoUuid,
        locationText: queryClient.getQueryData(propertyQueryOptions(propertyId).queryKey)?.beliggenhed ?? '',
        questionTitle: `${question.id}. ${question.title}`,
        valueText: valueText(after),
        questionPath: router.buildLocation({
          to: '/assessment/$propertyId/$assessmentId/$chapter/$questionId',
          params: { propertyId, assessmentId, chapter: question.chapterKind, questionId: question.id },
        }).href,
      });
    },
    [assessmentId, locked, propertyId, queryClient, router, queue, waitingPayload, author],
  );

  // An answer stored before the snapshot's read is in it and no longer laid over from here
  // (answersNotInSnapshot); the map holds at most one store per question, so nothing prunes it.
  const readAt = outbox.snapshot.readAt;
  const notInSnapshot = useMemo(
    () => answersNotInSnapshot(answers.stored, answers.unsaved, readAt),
    [answers.stored, answers.unsaved, readAt],
  );

  const { enqueues, answeredHere, retry, retryAll } = answers;
  // A refused answer being tried again is still not saved (the dialogs say so meanwhile).
  const failures = [...enqueues.values()].flatMap((e) => refusalOf(e) ?? []);
  return { answer, retry, retryAll, enqueues, answeredHere, unsaved: notInSnapshot, failures };
}
