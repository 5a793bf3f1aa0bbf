import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
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
import {
  enqueueRetryDelay,
  storageFailureOf,
  type EnqueueState,
  type StorageFailure,
} from '../../../domain/save-status';
import {
  mergePayload,
  type AnswerInput as OutboxInput,
  type AnswerPayload,
  type OutboxEntry,
} from '../../../offline/outbox';
import type { FormOutbox } from '../form-outbox';
import { holdUnsavedInput } from '../../../lib/unsaved-input';

function payloadOf(input: AnswerInput): AnswerPayload {
  return {
    ...(input.numericValue !== undefined ? { numericValue: input.numericValue } : {}),
    ...(input.values !== undefined ? { values: [...input.values] } : {}),
    ...(input.comment !== undefined ? { comment: input.comment } : {}),
  };
}

const without = <K, V>(map: ReadonlyMap<K, V>, key: K): ReadonlyMap<K, V> => {
  if (!map.has(key)) return map;
  const next = new Map(map);
  next.delete(key);
  return next;
};

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
 * Answering (docs/architecture.md 2): the value shows at once (optimistic cache), then it is
 * enqueued in the outbox. Only a resolved enqueue counts as saved; a refused one ("Ikke gemt",
 * quota, private mode, a closed database) keeps the typed value on screen and is tried again
 * after 1, 2, 5, 10 and then every 30 s, or at once from "Prøv igen".
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
  const [enqueues, setEnqueues] = useState<ReadonlyMap<string, EnqueueState>>(() => new Map());
  const [answeredHere, setAnsweredHere] = useState<ReadonlySet<string>>(() => new Set());
  const [unsaved, setUnsaved] = useState<ReadonlyMap<string, AnswerInput>>(() => new Map());
  // The last store of each question, with its time: shown from here until the outbox's live
  // snapshot has been read after it.
  const [stored, setStored] = useState<ReadonlyMap<string, { payload: AnswerInput; at: number }>>(
    () => new Map(),
  );
  // What is still to be stored per question, and the bookkeeping of its attempts.
  const waiting = useRef(new Map<string, OutboxInput>());
  const attemptNo = useRef(new Map<string, number>());
  const failureCount = useRef(new Map<string, number>());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const latestOutbox = useRef(outbox);
  useEffect(() => {
    latestOutbox.current = outbox;
  }, [outbox]);
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);
  // An answer not yet stored on the device holds back a new release's reload.
  useEffect(() => holdUnsavedInput(() => waiting.current.size > 0), []);

  const setEnqueue = useCallback((uniqueId: string, state: EnqueueState) => {
    setEnqueues((map) => new Map(map).set(uniqueId, state));
  }, []);

  const store = useCallback(
    async function store(uniqueId: string): Promise<boolean> {
      const input = waiting.current.get(uniqueId);
      if (!input) return true;
      clearTimeout(timers.current.get(uniqueId));
      timers.current.delete(uniqueId);
      const attempt = (attemptNo.current.get(uniqueId) ?? 0) + 1;
      attemptNo.current.set(uniqueId, attempt);
      const isLatest = () => attemptNo.current.get(uniqueId) === attempt;
      setEnqueue(uniqueId, { phase: 'storing' });
      let entry: OutboxEntry;
      try {
        entry = await latestOutbox.current.store.enqueueAnswer(input);
      } catch (error) {
        // A newer attempt (with this one's fields merged in) decides what the status says.
        if (!isLatest()) return false;
        const failures = (failureCount.current.get(uniqueId) ?? 0) + 1;
        failureCount.current.set(uniqueId, failures);
        setEnqueue(uniqueId, { phase: 'failed', failure: storageFailureOf(error) });
        timers.current.set(
          uniqueId,
          setTimeout(() => void store(uniqueId), enqueueRetryDelay(failures)),
        );
        return false;
      }
      if (waiting.current.get(uniqueId) === input) {
        waiting.current.delete(uniqueId);
        setUnsaved((map) => without(map, uniqueId));
        // The live snapshot may still be one read before this store: until one read after it
        // arrives, the stored answer stays on screen from here. A stale snapshot showed the
        // answer before it, and a tap on that option then cleared the answer (single choice
        // clears when the selected option is chosen again).
        setStored((map) => new Map(map).set(uniqueId, { payload: entry.payload, at: entry.updatedAt }));
      }
      if (isLatest()) {
        failureCount.current.delete(uniqueId);
        setEnqueue(uniqueId, { phase: 'stored' });
      }
      setAnsweredHere((set) => (set.has(uniqueId) ? set : new Set(set).add(uniqueId)));
      void latestOutbox.current.send();
      return true;
    },
    [setEnqueue],
  );

  const answer = useCallback(
    (question: Question, input: AnswerInput) => {
      const ssoUuid = latestOutbox.current.ssoUuid;
      if (locked || !ssoUuid) return;
      const uniqueId = question.uniqueId;
      // The list and the assessment as the server will answer them (src/domain/offline-answer.ts):
      // offline, and until the reply, screening hides what it would hide online, progress moves
      // and the screening outcome is the server's (docs/architecture.md 2, "The form offline").
      // The reply replaces both when it comes (src/features/outbox/outbox-client.ts).
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
      // An edit while an earlier one of the same question is not stored carries both.
      const earlier = waiting.current.get(uniqueId);
      const payload = earlier ? mergePayload(earlier.payload, payloadOf(input)) : payloadOf(input);
      const after = applyAnswerToQuestion(question, input);
      waiting.current.set(uniqueId, {
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
      setUnsaved((map) => new Map(map).set(uniqueId, payload));
      void store(uniqueId);
    },
    [assessmentId, locked, propertyId, queryClient, router, store],
  );

  const retry = useCallback((uniqueId: string) => void store(uniqueId), [store]);
  const retryAll = useCallback(async () => {
    const results = await Promise.all([...waiting.current.keys()].map((uniqueId) => store(uniqueId)));
    return results.every(Boolean);
  }, [store]);

  // An answer stored before the snapshot's read is in it and no longer laid over from here
  // (answersNotInSnapshot); the map holds at most one store per question, so nothing prunes it.
  const readAt = outbox.snapshot.readAt;
  const notInSnapshot = useMemo(
    () => answersNotInSnapshot(stored, unsaved, readAt),
    [stored, unsaved, readAt],
  );

  const failures = [...enqueues.values()].flatMap((e) => (e.phase === 'failed' ? [e.failure] : []));
  return { answer, retry, retryAll, enqueues, answeredHere, unsaved: notInSnapshot, failures };
}
