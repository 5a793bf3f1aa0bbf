import { useCallback, useEffect, useRef, useState } from 'react';
import type { AnswerInput } from '../../../../shared/rules/answer-validation';
import {
  enqueueRetryDelay,
  refusalOf,
  storageFailureOf,
  type EnqueueState,
} from '../../../domain/save-status';
import type { AnswerInput as OutboxInput, AnswerPayload, OutboxEntry } from '../../../offline/outbox';
import type { FormOutbox } from '../form-outbox';
import { holdUnsavedInput } from '../../../lib/unsaved-input';

const without = <K, V>(map: ReadonlyMap<K, V>, key: K): ReadonlyMap<K, V> => {
  if (!map.has(key)) return map;
  const next = new Map(map);
  next.delete(key);
  return next;
};

/** Per question: the latest attempt to store its answer, the failures in a row, the retry timer. */
function createAttempts() {
  const attemptNo = new Map<string, number>();
  const failureCount = new Map<string, number>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  return {
    timers,
    /** A new attempt: the retry waiting goes. Answers whether this attempt is still the latest. */
    begin(uniqueId: string): () => boolean {
      clearTimeout(timers.get(uniqueId));
      timers.delete(uniqueId);
      const attempt = (attemptNo.get(uniqueId) ?? 0) + 1;
      attemptNo.set(uniqueId, attempt);
      return () => attemptNo.get(uniqueId) === attempt;
    },
    /** One more failure in a row; answers how many. */
    failed(uniqueId: string): number {
      const failures = (failureCount.get(uniqueId) ?? 0) + 1;
      failureCount.set(uniqueId, failures);
      return failures;
    },
    retryAfter(uniqueId: string, retry: () => void, delayMs: number): void {
      timers.set(uniqueId, setTimeout(retry, delayMs));
    },
    stored(uniqueId: string): void {
      failureCount.delete(uniqueId);
    },
  };
}

/**
 * Storing answers on the device (docs/architecture.md 2): `queue` enqueues an answer in the
 * outbox. Only a resolved enqueue counts as saved; a refused one keeps the typed value in
 * `unsaved` and is tried again after 1, 2, 5, 10 and then every 30 s, or at once by `retry`.
 */
export function useAnswerStore(outbox: FormOutbox) {
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
  const [attempts] = useState(createAttempts);
  const latestOutbox = useRef(outbox);
  useEffect(() => {
    latestOutbox.current = outbox;
  }, [outbox]);
  useEffect(() => {
    const pending = attempts.timers;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, [attempts]);
  // An answer not yet stored on the device holds back a new release's reload.
  useEffect(() => holdUnsavedInput(() => waiting.current.size > 0), []);

  const setEnqueue = useCallback((uniqueId: string, state: EnqueueState) => {
    setEnqueues((map) => new Map(map).set(uniqueId, state));
  }, []);

  const store = useCallback(
    async function store(uniqueId: string): Promise<boolean> {
      const input = waiting.current.get(uniqueId);
      if (!input) return true;
      const isLatest = attempts.begin(uniqueId);
      setEnqueues((map) => {
        const failure = refusalOf(map.get(uniqueId));
        return new Map(map).set(uniqueId, failure ? { phase: 'storing', failure } : { phase: 'storing' });
      });
      let entry: OutboxEntry;
      try {
        entry = await latestOutbox.current.store.enqueueAnswer(input);
      } catch (error) {
        // A newer attempt (with this one's fields merged in) decides what the status says.
        if (!isLatest()) return false;
        const failures = attempts.failed(uniqueId);
        setEnqueue(uniqueId, { phase: 'failed', failure: storageFailureOf(error) });
        attempts.retryAfter(uniqueId, () => void store(uniqueId), enqueueRetryDelay(failures));
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
        attempts.stored(uniqueId);
        setEnqueue(uniqueId, { phase: 'stored' });
      }
      setAnsweredHere((set) => (set.has(uniqueId) ? set : new Set(set).add(uniqueId)));
      void latestOutbox.current.send();
      return true;
    },
    [setEnqueue, attempts],
  );

  /** Stores the answer of a question (its payload merged with what still waits of it). */
  const queue = useCallback(
    (input: OutboxInput) => {
      waiting.current.set(input.questionUniqueId, input);
      setUnsaved((map) => new Map(map).set(input.questionUniqueId, input.payload));
      void store(input.questionUniqueId);
    },
    [store],
  );
  /** What of this question's answer is not stored yet. */
  const waitingPayload = useCallback(
    (uniqueId: string): AnswerPayload | undefined => waiting.current.get(uniqueId)?.payload,
    [],
  );
  /** The signed-in author now (the outbox given at the last render). */
  const author = useCallback(() => latestOutbox.current.ssoUuid, []);
  const retry = useCallback((uniqueId: string) => void store(uniqueId), [store]);
  const retryAll = useCallback(async () => {
    const results = await Promise.all([...waiting.current.keys()].map((uniqueId) => store(uniqueId)));
    return results.every(Boolean);
  }, [store]);

  return { queue, waitingPayload, author, retry, retryAll, enqueues, answeredHere, unsaved, stored };
}
