import { tokenStore } from '../api/token-store';
import type { AppDatabase, OutboxRecord } from './db';
import { createAttempt } from './outbox-attempt';
import { browserLocks, inProcessLocks, type OutboxLockManager } from './outbox-locks';
import { createRoundLoop, sendRound } from './outbox-round';
import { resetBackoff } from './outbox-sender-updates';

/**
 * The outbox sender (docs/architecture.md 2, "How an answer reaches the database", points 3 to 5):
 * sends the signed-in author's pending entries (answers, creates, hidden-question syncs) in order, one at a time, one sender across tabs and the
 * service worker, and classifies every failure.
 *
 * Locking: navigator.locks ('bt-outbox', ifAvailable) where the browser has it; it is shared
 * by every tab and the service worker and released when a tab dies, so an entry found in
 * flight while we hold it was left by a dead sender and is recovered. Without Web Locks a
 * module-level lock keeps one sender per JavaScript realm, and entries in flight are
 * recovered only on start(). In every case an entry is marked in flight in one transaction
 * (claimNext), so two senders never take the same entry; a resend after a crash carries the
 * same idempotency key, which the server answers from its idempotency store.
 *
 * This module starts and stops the sender; its parts are siblings: the request of each kind
 * (outbox-requests.ts), what a failure means (outbox-failures.ts), the lock (outbox-locks.ts),
 * one attempt (outbox-attempt.ts) and the rounds (outbox-round.ts).
 */

export { SEND_TIMEOUT_MS } from './outbox-attempt';
export {
  BACKOFF_BASE_MS,
  BACKOFF_MAX_MS,
  RETRY_AFTER_MAX_MS,
  backoffDelay,
  classifyFailure,
  retryDelay,
  type FailureKind,
} from './outbox-failures';
export { LOCK_RETRY_MS, OUTBOX_LOCK_NAME, inProcessLocks, type OutboxLockManager } from './outbox-locks';
export {
  SYNC_ANSWER_PATH,
  sendCreate,
  sendOutboxEntry,
  sendSyncAnswer,
  sendSyncHidden,
  syncAnswerBody,
} from './outbox-requests';

export interface OutboxSenderOptions {
  db: AppDatabase;
  /** Performs the HTTP call (the app passes sendOutboxEntry); rejects with an error carrying `status`. */
  send: (entry: OutboxRecord, signal: AbortSignal) => Promise<unknown>;
  /** The server took the entry: for an answer, update the cached questions unless `hasNewerPending`. */
  onSent?: (entry: OutboxRecord, response: unknown, info: { hasNewerPending: boolean }) => void;
  /** The server refused the entry; it is parked with the server's message. */
  onParked?: (entry: OutboxRecord) => void;
  /** 401: sending waits for a new sign-in (resume()). */
  onPaused?: (error: unknown) => void;
  /** A database or callback error that did not stop the outbox. */
  onError?: (error: unknown) => void;
  /** sso_uuid of the signed-in user; default from the stored token. */
  currentUser?: () => string | null;
  /** Called with a listener for sign-in changes; default tokenStore.subscribe. A new token resumes. */
  subscribeToSession?: (listener: (token: string | null) => void) => () => void;
  /**
   * Default: navigator.locks when it exists, otherwise `inProcessLocks`. `null` runs unguarded
   * (used by tests to stand for two realms without Web Locks).
   */
  locks?: OutboxLockManager | null;
  now?: () => number;
  random?: () => number;
}

export interface OutboxSender {
  /** Installs the triggers (online, tab visible, backoff timer, new sign-in), recovers entries left in flight and drains. */
  start(): Promise<void>;
  /** Removes the triggers; a drain under way stops after the entry being sent. */
  stop(): void;
  /** Sends what is due; resolves when this round is over. Never rejects. */
  drain(): Promise<void>;
  /** After a new sign-in (a 401 paused the sender). */
  resume(): Promise<void>;
  /** The user's "retry now": every pending entry is due at once. */
  retryNow(): Promise<void>;
  isPaused(): boolean;
}

/** `report` passes an error to onError; `call` runs a callback and reports what it throws. */
function guardedCallbacks(options: Pick<OutboxSenderOptions, 'onError'>) {
  const report = (error: unknown) => {
    try {
      options.onError?.(error);
    } catch {
      // A broken error handler must not stop the outbox.
    }
  };

  const call = (callback: () => void) => {
    try {
      callback();
    } catch (error) {
      report(error);
    }
  };
  return { report, call };
}

/** The one timer that wakes a started sender for an entry's backoff or a lock held elsewhere. */
function createWakeTimer(now: () => number, isStarted: () => boolean, wake: () => void) {
  let timer: ReturnType<typeof setTimeout> | null = null;

  function clearTimer() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  }

  function wakeAt(at: number) {
    if (!isStarted()) return;
    clearTimer();
    timer = setTimeout(
      () => {
        timer = null;
        wake();
      },
      Math.max(0, at - now()),
    );
  }
  return { wakeAt, clearTimer };
}

/** Back online, the tab visible again, a new sign-in: each sends what waits. Returns the removals. */
function listenForTriggers(triggers: {
  retryNow: () => Promise<void>;
  drain: () => Promise<void>;
  resume: () => Promise<void>;
  subscribeToSession: (listener: (token: string | null) => void) => () => void;
}): (() => void)[] {
  const cleanups: (() => void)[] = [];
  function onOnline() {
    // Back online: what waited for its backoff is due now.
    void triggers.retryNow();
  }

  function onVisibility() {
    if (document.visibilityState === 'visible') void triggers.drain();
  }

  if (typeof addEventListener === 'function') {
    addEventListener('online', onOnline);
    cleanups.push(() => removeEventListener('online', onOnline));
  }
  if (typeof document !== 'undefined') {
    document.addEventListener('visibilitychange', onVisibility);
    cleanups.push(() => document.removeEventListener('visibilitychange', onVisibility));
  }
  cleanups.push(
    triggers.subscribeToSession((token) => {
      if (token) void triggers.resume();
    }),
  );
  return cleanups;
}

export function createOutboxSender(options: OutboxSenderOptions): OutboxSender {
  const { db, send } = options;
  const now = options.now ?? (() => Date.now());
  const random = options.random ?? Math.random;
  // Only with a token: without one every request is a 401 (the sender would pause on it anyway).
  const currentUser = options.currentUser ?? (() => (tokenStore.get() ? tokenStore.user() : null));
  const subscribeToSession = options.subscribeToSession ?? ((listener) => tokenStore.subscribe(listener));
  const locks = options.locks === undefined ? (browserLocks() ?? inProcessLocks) : options.locks;
  // With a lock shared by every tab and the service worker, an entry in flight while we hold
  // the lock was left by a sender that died: it is recovered at the start of every round.
  const recoverEveryRound = locks !== null && locks !== inProcessLocks;

  let paused = false;
  let started = false;
  let generation = 0;
  const cleanups: (() => void)[] = [];
  const { report, call } = guardedCallbacks(options);
  const { wakeAt, clearTimer } = createWakeTimer(
    now,
    () => started,
    () => void drain(),
  );
  const pause = () => {
    paused = true;
  };
  const attempt = createAttempt({
    db,
    send,
    currentUser,
    now,
    random,
    callbacks: options,
    call,
    pause,
    wakeAt,
  });
  const loop = createRoundLoop({
    round: (recover) => {
      const ownGeneration = generation;
      const goesOn = () => !paused && ownGeneration === generation;
      return sendRound({ db, locks, currentUser, now, attempt, wakeAt, goesOn }, recover);
    },
    recoverEveryRound,
    report,
    isPaused: () => paused,
  });

  function drain(): Promise<void> {
    return loop.run(false);
  }

  async function retryNow(): Promise<void> {
    const user = currentUser();
    if (user) await resetBackoff(db, user).catch(report);
    clearTimer();
    await drain();
  }

  async function resume(): Promise<void> {
    paused = false;
    await drain();
  }

  return {
    async start() {
      if (started) return;
      started = true;
      cleanups.push(...listenForTriggers({ retryNow, drain, resume, subscribeToSession }));
      await loop.run(true);
    },
    stop() {
      started = false;
      generation += 1;
      loop.dropAgain();
      clearTimer();
      for (const cleanup of cleanups.splice(0)) cleanup();
    },
    drain,
    resume,
    retryNow,
    isPaused: () => paused,
  };
}
