import { createAssessment } from '../api/create-assessment';
import { ApiError, apiRequest } from '../api/http';
import { syncHiddenQuestions } from '../api/sync-hidden-questions';
import { tokenStore } from '../api/token-store';
import type { AppDatabase, CreateEntry, OutboxEntry, OutboxRecord, SyncHiddenEntry } from './db';
import { claimNext, completeSent, finishAttempt, resetBackoff, resetInflight } from './outbox';

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
 */

export const OUTBOX_LOCK_NAME = 'bt-outbox';
export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_MAX_MS = 60_000;
/** A request that hangs (a basement with one bar) must not hold the queue for ever. */
export const SEND_TIMEOUT_MS = 30_000;
/** Another tab held the lock: look again after this, in case it finished before our entry. */
export const LOCK_RETRY_MS = 2_000;

export const SYNC_ANSWER_PATH = '/api/v2/sync/syncanswer';

/**
 * The syncanswer body (docs/product.md 7), built fresh from the stored JSON on every attempt,
 * with the time the answer was given (docs/api.md "syncanswer": an older one does not overwrite
 * a newer one).
 */
export function syncAnswerBody(entry: OutboxEntry): Record<string, unknown> {
  return {
    questionUniqueId: entry.questionUniqueId,
    assessmentId: entry.assessmentId,
    ...entry.payload,
    ...(entry.answeredAt === undefined ? {} : { answeredAt: new Date(entry.answeredAt).toISOString() }),
  };
}

/** An answer: POST syncanswer with the entry's Idempotency-Key; answers the updated questions. */
export function sendSyncAnswer(entry: OutboxEntry, signal?: AbortSignal): Promise<unknown> {
  return apiRequest<unknown>(SYNC_ANSWER_PATH, {
    method: 'POST',
    body: syncAnswerBody(entry),
    headers: { 'Idempotency-Key': entry.idempotencyKey },
    signal,
  });
}

/**
 * A create: createnewassessment with the id the client chose. The server is idempotent by that
 * id (docs/api.md "createnewassessment"), so a resend after a lost reply or a crash makes one
 * assessment; answers the id.
 */
export function sendCreate(entry: CreateEntry, signal?: AbortSignal): Promise<unknown> {
  return createAssessment({ propertyId: entry.propertyId, assessmentId: entry.assessmentId }, signal);
}

/** A hidden-questions sync: GET synchiddenquestions (a text answer); repeating it changes nothing more. */
export function sendSyncHidden(entry: SyncHiddenEntry, signal?: AbortSignal): Promise<unknown> {
  return syncHiddenQuestions(entry.assessmentId, signal);
}

/** The app's `send`: each kind of entry with its own request, built afresh from the stored JSON. */
export function sendOutboxEntry(entry: OutboxRecord, signal?: AbortSignal): Promise<unknown> {
  switch (entry.kind) {
    case 'answer':
      return sendSyncAnswer(entry, signal);
    case 'create':
      return sendCreate(entry, signal);
    case 'syncHidden':
      return sendSyncHidden(entry, signal);
    default:
      // An entry of a kind this release does not know (a newer tab's): refused here, so it is
      // parked with its value for the user to see, never taken as sent and dropped.
      return Promise.reject(
        new ApiError(400, `Unknown outbox entry kind: ${String((entry as { kind?: unknown }).kind)}`),
      );
  }
}

/**
 * Capped exponential backoff with jitter: 1 s, 2 s, 4 s ... after the 1st, 2nd, 3rd failure,
 * up to half as much again at random, never more than 60 s.
 */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const exponential = BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1);
  return Math.round(Math.min(BACKOFF_MAX_MS, exponential * (1 + 0.5 * random())));
}

/** The longest wait a server's `Retry-After` may impose on an entry (a broken header must not stall it). */
export const RETRY_AFTER_MAX_MS = 5 * 60_000;

/**
 * When a failed entry is due again: its backoff, or later when the server said how long to wait
 * (429 over a rate limit, docs/architecture.md "Rate limits"), so that the outbox does not spend
 * its tries inside the server's window.
 */
export function retryDelay(
  attempts: number,
  retryAfterMs: number | undefined,
  random: () => number = Math.random,
): number {
  const backoff = backoffDelay(attempts, random);
  if (retryAfterMs === undefined) return backoff;
  return Math.max(backoff, Math.min(RETRY_AFTER_MAX_MS, retryAfterMs));
}

export type FailureKind = 'transient' | 'auth' | 'refused';

/** The wait a failure's server asked for (ApiError.retryAfterMs), if any. */
function retryAfterOf(error: unknown): number | undefined {
  const wait = (error as { retryAfterMs?: unknown } | null)?.retryAfterMs;
  return typeof wait === 'number' && Number.isFinite(wait) && wait >= 0 ? wait : undefined;
}

/** The HTTP status of a failure; 0 (network) for anything without one. */
function statusOf(error: unknown): number {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : 0;
}

/**
 * The same rules for every kind of entry. Network errors, timeouts, 408, 429 and 5xx are retried
 * later; 401 (no valid session) waits for a new sign-in; 403 (this user may not change this
 * assessment) parks the one entry, so that one refused answer never holds back the rest; 400
 * and 409 (value refused, assessment locked, a
 * create's id taken by another residence) are parked. Other 4xx are parked
 * too: the same request will not succeed by repeating it, and a blocked queue would hold
 * every later answer back.
 */
export function classifyFailure(status: number): FailureKind {
  if (status === 401) return 'auth';
  if (status >= 400 && status < 500 && status !== 408 && status !== 429) return 'refused';
  return 'transient';
}

/** The part of the Web Locks API the sender uses (navigator.locks, or a stand-in in tests). */
export interface OutboxLockManager {
  request(
    name: string,
    options: { ifAvailable: true },
    callback: (lock: unknown) => Promise<boolean>,
  ): Promise<boolean>;
}

/** Where navigator.locks is missing: one sender per JavaScript realm (not across tabs). */
const heldInProcess = new Set<string>();
export const inProcessLocks: OutboxLockManager = {
  async request(name, _options, callback) {
    if (heldInProcess.has(name)) return callback(null);
    heldInProcess.add(name);
    try {
      return await callback({ name });
    } finally {
      heldInProcess.delete(name);
    }
  },
};

function browserLocks(): OutboxLockManager | null {
  if (typeof navigator === 'undefined' || !('locks' in navigator) || !navigator.locks) return null;
  const locks = navigator.locks;
  return { request: (name, options, callback) => locks.request(name, options, callback) };
}

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

type Outcome = 'continue' | 'stop';

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
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let recoverRequested = false;
  const cleanups: (() => void)[] = [];

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

  function clearTimer() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  }

  function wakeAt(at: number) {
    if (!started) return;
    clearTimer();
    timer = setTimeout(
      () => {
        timer = null;
        void drain();
      },
      Math.max(0, at - now()),
    );
  }

  async function withLock(run: () => Promise<void>): Promise<boolean> {
    if (locks === null) {
      await run();
      return true;
    }
    return locks.request(OUTBOX_LOCK_NAME, { ifAvailable: true }, async (lock) => {
      if (!lock) return false;
      await run();
      return true;
    });
  }

  async function sendWithTimeout(entry: OutboxRecord): Promise<unknown> {
    const controller = new AbortController();
    let timeout: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timeout = setTimeout(() => {
        controller.abort();
        reject(Object.assign(new Error('Timeout'), { status: 0 }));
      }, SEND_TIMEOUT_MS);
    });
    try {
      return await Promise.race([send(entry, controller.signal), timedOut]);
    } finally {
      clearTimeout(timeout);
    }
  }

  async function sendOne(entry: OutboxRecord): Promise<Outcome> {
    // Only with the author's own token (docs/architecture.md 4 "Sessions and revocation"):
    // another user may have signed in while the entry was being claimed. The check and the
    // request's token are read in the same tick.
    if (currentUser() !== entry.ssoUuid) {
      await finishAttempt(db, entry, { state: 'pending' }, now());
      return 'stop';
    }
    let response: unknown;
    try {
      response = await sendWithTimeout(entry);
    } catch (error) {
      const status = statusOf(error);
      // A 200 whose body could not be read: the server took the answer.
      if (status >= 200 && status < 300) return sent(entry, undefined);
      return failed(entry, error, status);
    }
    return sent(entry, response);
  }

  async function sent(entry: OutboxRecord, response: unknown): Promise<Outcome> {
    const info = await completeSent(db, entry);
    call(() => options.onSent?.(entry, response, info));
    return 'continue';
  }

  async function failed(entry: OutboxRecord, error: unknown, status: number): Promise<Outcome> {
    const message = error instanceof Error && error.message ? error.message : `HTTP ${status}`;
    const at = now();
    switch (classifyFailure(status)) {
      case 'auth': {
        await finishAttempt(db, entry, { state: 'pending', lastError: message }, at);
        paused = true;
        call(() => options.onPaused?.(error));
        return 'stop';
      }
      case 'refused': {
        const parked = await finishAttempt(
          db,
          entry,
          {
            state: 'parked',
            lastError: message,
            parkedMessage: message,
            parkedCode: error instanceof ApiError ? (error.code ?? null) : null,
          },
          at,
        );
        if (parked) call(() => options.onParked?.(parked));
        return 'continue';
      }
      case 'transient': {
        const attempts = entry.attempts + 1;
        const nextAttemptAt = at + retryDelay(attempts, retryAfterOf(error), random);
        await finishAttempt(db, entry, { state: 'pending', attempts, nextAttemptAt, lastError: message }, at);
        wakeAt(nextAttemptAt);
        // A create waiting for its retry holds back only its own assessment (claimNext): other
        // assessments' entries go on. Any other entry holds back every later one: answers
        // reach the server in the order they were typed.
        return entry.kind === 'create' ? 'continue' : 'stop';
      }
    }
  }

  async function round(recover: boolean, ownGeneration: number): Promise<void> {
    const acquired = await withLock(async () => {
      if (recover) await resetInflight(db);
      while (!paused && ownGeneration === generation) {
        const user = currentUser();
        if (!user) return;
        const claim = await claimNext(db, user, now());
        if (!claim) return;
        if ('waitUntil' in claim) {
          wakeAt(claim.waitUntil);
          return;
        }
        if ((await sendOne(claim.entry)) === 'stop') return;
      }
    });
    if (!acquired) wakeAt(now() + LOCK_RETRY_MS);
  }

  function run(recover: boolean): Promise<void> {
    recoverRequested ||= recover;
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          const recoverNow = recoverRequested || recoverEveryRound;
          recoverRequested = false;
          try {
            await round(recoverNow, generation);
          } catch (error) {
            report(error);
          }
        } while (again && !paused);
      } finally {
        running = null;
      }
    })();
    return running;
  }

  function drain(): Promise<void> {
    return run(false);
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

  function onOnline() {
    // Back online: what waited for its backoff is due now.
    void retryNow();
  }

  function onVisibility() {
    if (document.visibilityState === 'visible') void drain();
  }

  return {
    async start() {
      if (started) return;
      started = true;
      if (typeof addEventListener === 'function') {
        addEventListener('online', onOnline);
        cleanups.push(() => removeEventListener('online', onOnline));
      }
      if (typeof document !== 'undefined') {
        document.addEventListener('visibilitychange', onVisibility);
        cleanups.push(() => document.removeEventListener('visibilitychange', onVisibility));
      }
      cleanups.push(
        subscribeToSession((token) => {
          if (token) void resume();
        }),
      );
      await run(true);
    },
    stop() {
      started = false;
      generation += 1;
      again = false;
      clearTimer();
      for (const cleanup of cleanups.splice(0)) cleanup();
    },
    drain,
    resume,
    retryNow,
    isPaused: () => paused,
  };
}
