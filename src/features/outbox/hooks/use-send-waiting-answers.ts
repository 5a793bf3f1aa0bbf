import { useCallback } from 'react';
import { useOutbox } from './use-outbox';

/** Rounds of sending before an approval gives up waiting for the outbox (the sender may be busy). */
const ROUNDS = 3;
const PAUSE_MS = 500;

/**
 * docs/architecture.md 2 "Jobs: approving and bulk copy": before assessments are approved what
 * the outbox still holds for them is sent (answers, a create, the hidden-questions sync);
 * resolves true when none of it is left on the device (pending, in flight or refused), so an
 * assessment is never approved without its last answers, or with answers that screening hides
 * still counted. Takes one assessment (the results page) or several (bulk approval).
 */
export function useSendWaitingAnswers(assessmentIds: string | readonly string[]): () => Promise<boolean> {
  const outbox = useOutbox();
  const { send, store, ssoUuid } = outbox;
  // One string, so that a new array of the same ids keeps the callback.
  const idList = typeof assessmentIds === 'string' ? assessmentIds : assessmentIds.join('\n');
  return useCallback(async () => {
    const ids = new Set(idList.split('\n'));
    for (let round = 0; round < ROUNDS; round++) {
      if (round > 0) await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      await send();
      // A device that cannot open IndexedDB has never kept an answer (the form said "Ikke gemt").
      const entries = await store.listAllEntries(ssoUuid).catch(() => []);
      if (!entries.some((entry) => ids.has(entry.assessmentId))) return true;
    }
    return false;
  }, [send, store, ssoUuid, idList]);
}
