import type { QueryClient } from '@tanstack/react-query';
import { assessmentScoresQueryOptions } from '../../api/assessment-scores';
import { activeAssessmentsKeys } from '../../api/get-active-assessments';
import { assessmentKeys } from '../../api/get-assessment';
import { locatedAssessmentsKeys } from '../../api/get-located-assessments';
import { questionsQueryOptions } from '../../api/get-questions';
import { ANSWER_CHANGED_SINCE, type AnswerChangedSince } from '../../../shared/contract/dto';
import { SCREENING_NOT_COMPLETE } from '../../../shared/rules/screening-first';
import { connectivity } from '../../api/connectivity';
import { ApiError } from '../../api/http';
import { PHOTO_KEYS } from '../../api/photos';
import { tokenStore } from '../../api/token-store';
import { refreshAfterAssessmentChange } from '../../api/refresh-after-change';
import { createDeviceOutboxSender, storeDeviceSessionToken } from '../../offline/device-outbox';
import type { OutboxEntry, OutboxRecord } from '../../offline/outbox';
import { sendOutboxEntry, type OutboxSender } from '../../offline/outbox-sender';
import { showToast } from '../../ui/toasts';
import type { Question } from '../../../shared/rules/answer-validation';
import { storedValueText, withComment } from '../../domain/answer-display';

/**
 * The app's one outbox sender (docs/architecture.md 2): started once a signed-in screen needs it, it
 * drains on enqueue, online, tab visible and its backoff timer, and takes the server's
 * questions into the cache unless a newer edit of that question is still queued.
 */
let sender: OutboxSender | null = null;

/** The Danish texts the sender's toasts and parked entries carry (the caller translates). */
export interface OutboxMessages {
  /** A toast for a refused entry: what it was (outboxEntryTitle) and the reason. */
  parked: (title: string, reason: string) => string;
  /** No right to change it, or a locked or meanwhile removed assessment (403, 404, 409). */
  notAuthorized: string;
  /** A create whose id is another residence's (409 ASSESSMENT_ID_TAKEN). */
  idTaken: string;
  /** An evaluation answer sent before the screening was complete (409 SCREENING_NOT_COMPLETE). */
  screeningNotComplete: string;
  /** A photo the server does not take: over 5 MB (413) or not an image by its bytes (415). */
  photoRefused: string;
  /** What an entry is, in words: the question's title, "Ny vurdering" or the sync. */
  title: (entry: OutboxRecord) => string;
  /**
   * A newer answer is on the server (409 ANSWER_CHANGED_SINCE): who gave it (null: unknown)
   * and when (ISO), and both answers as text.
   */
  changedSince: (details: { by: string | null; at: string; mine: string; newest: string }) => string;
  /** The toast of such an entry: short, as the form and the outbox list show both answers. */
  changedSinceToast: (title: string) => string;
}

/**
 * The reason a parked ANSWER_CHANGED_SINCE carries: both answers as text, by the question as
 * the server lists it now (read again: it holds the newer answer the form then shows).
 */
async function changedSinceReason(
  queryClient: QueryClient,
  messages: OutboxMessages,
  entry: OutboxEntry,
  current: AnswerChangedSince['current'],
): Promise<string> {
  const options = questionsQueryOptions(entry.assessmentId);
  const questions = await queryClient
    .fetchQuery({ ...options, staleTime: 0 })
    .catch(() => queryClient.getQueryData(options.queryKey));
  const question = questions?.find((q) => q.uniqueId === entry.questionUniqueId);
  return messages.changedSince({
    by: current.answeredBy,
    at: current.answeredAt,
    mine: withComment(entry.valueText, entry.payload.comment),
    newest: withComment(storedValueText(question, current), current.comment),
  });
}

export function outboxSender(queryClient: QueryClient, messages: OutboxMessages): OutboxSender {
  if (sender) return sender;
  // Enqueues are durable (strict connection); the sender's marks may be relaxed: a lost mark
  // only means a resend with the same idempotency key (src/offline/device-outbox.ts).
  sender = createDeviceOutboxSender({
    send: async (entry, signal) => {
      try {
        return await sendOutboxEntry(entry, signal);
      } catch (error) {
        if (error instanceof ApiError && (error.status === 413 || error.status === 415)) {
          throw new ApiError(error.status, messages.photoRefused, error.body);
        }
        // A create whose id is another residence's can never be sent as it is: parked, with why.
        if (error instanceof ApiError && error.status === 409 && error.code === 'ASSESSMENT_ID_TAKEN') {
          throw new ApiError(error.status, messages.idTaken, error.body);
        }
        // An answer given on another device after this one waited here: parked with both
        // answers, for the user to choose (docs/architecture.md 2, "An older answer").
        if (entry.kind === 'answer' && error instanceof ApiError && error.code === ANSWER_CHANGED_SINCE) {
          const { current } = error.body as AnswerChangedSince;
          throw new ApiError(
            error.status,
            await changedSinceReason(queryClient, messages, entry, current),
            error.body,
          );
        }
        // An evaluation answer that reached the server before the screening was complete (one
        // typed before the rule, or after a screening answer was refused): parked with why.
        if (error instanceof ApiError && error.status === 409 && error.code === SCREENING_NOT_COMPLETE) {
          throw new ApiError(error.status, messages.screeningNotComplete, error.body);
        }
        // docs/product.md 8: writing without the right to, or to a locked (or meanwhile removed)
        // assessment says so in Danish; the entry is parked with this text and the value stays
        // visible in the outbox list.
        if (error instanceof ApiError && [403, 404, 409].includes(error.status)) {
          throw new ApiError(error.status, messages.notAuthorized, error.body);
        }
        throw error;
      }
    },
    onSent: (entry, response, { hasNewerPending }) => {
      // Sent for a user who has logged out since: their data must not enter the next one's cache.
      if (tokenStore.user() !== entry.ssoUuid) return;
      // The server has the photo, or no longer: the lists of photos are read again.
      if (entry.kind === 'photo' || entry.kind === 'deletePhoto') {
        void queryClient.invalidateQueries({ queryKey: PHOTO_KEYS.all });
        return;
      }
      if (entry.kind !== 'answer') {
        // The assessment now exists on the server (create), or screening's hidden answers are gone
        // (sync): the lists, the residence and its questions are read again (product.md 7).
        void refreshAfterAssessmentChange(queryClient);
        void queryClient.invalidateQueries({ queryKey: assessmentKeys.one(entry.assessmentId) });
        return;
      }
      if (!hasNewerPending && Array.isArray(response)) {
        queryClient.setQueryData(questionsQueryOptions(entry.assessmentId).queryKey, response as Question[]);
      }
      void queryClient.invalidateQueries({ queryKey: assessmentKeys.one(entry.assessmentId) });
      void queryClient.invalidateQueries({
        queryKey: assessmentScoresQueryOptions(entry.assessmentId).queryKey,
      });
      // The progress on residence cards and in the active list moves with every answer.
      void queryClient.invalidateQueries({ queryKey: locatedAssessmentsKeys.all });
      void queryClient.invalidateQueries({ queryKey: activeAssessmentsKeys.all });
    },
    onParked: (entry) =>
      showToast({
        kind: 'error',
        message:
          entry.parkedCode === ANSWER_CHANGED_SINCE
            ? messages.changedSinceToast(messages.title(entry))
            : messages.parked(messages.title(entry), entry.parkedMessage ?? ''),
        priority: 2,
        autoClose: 10_000,
      }),
  });
  void sender.start();
  const started = sender;
  // A connection that comes back after passing nothing fires no online event: the app's own
  // connectivity says so (src/api/connectivity.ts), and what waited for its backoff is due now.
  connectivity.subscribe(() => {
    if (connectivity.isOnline()) void started.retryNow();
    // Answers may still wait when the app is closed on this connection: the browser wakes the
    // service worker when it returns (Background Sync, where there is one).
    else void requestBackgroundSync();
  });
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent<{ type?: string }>) => {
    if (event.data?.type === 'DRAIN_OUTBOX') void started.drain();
  });
  // Logout (the token cleared, docs/product.md 4) stops the sender; the next sign-in starts it
  // again. A request already on its way finishes: its reply renews no token (src/api/http.ts)
  // and, being another user's, touches no cache (onSent).
  tokenStore.subscribe((token) => {
    if (token) void started.start();
    else started.stop();
  });
  mirrorTokenForBackgroundSync();
  return sender;
}

/** Renewals come with every answer of the server: the copy is written at most this often. */
const TOKEN_MIRROR_DELAY_MS = 1_000;

/**
 * The service worker sends the outbox when the connection returns with no window open, with the
 * page's token (docs/architecture.md 2, "Sending with the app closed"): a copy goes to IndexedDB
 * whenever it changes, and goes away with it (logout, a refused token).
 */
function mirrorTokenForBackgroundSync(): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = () => {
    const token = tokenStore.get();
    const ssoUuid = tokenStore.user();
    void storeDeviceSessionToken(token && ssoUuid ? { token, ssoUuid } : null).catch(() => undefined);
  };
  write();
  tokenStore.watch(() => {
    clearTimeout(timer);
    // The end of a session is written at once: a copy must not outlive a logout.
    if (!tokenStore.get()) write();
    else timer = setTimeout(write, TOKEN_MIRROR_DELAY_MS);
  });
}

/** Offline: ask the browser to wake us when the connection is back (where Background Sync exists). */
export async function requestBackgroundSync(): Promise<void> {
  try {
    const registration = (await navigator.serviceWorker?.ready) as
      (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined;
    await registration?.sync?.register('bt-outbox');
  } catch {
    // Not supported or not allowed: the online event and the backoff timer still drain.
  }
}
