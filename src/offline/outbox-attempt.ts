import { ApiError } from '../api/http';
import type { AppDatabase, OutboxRecord } from './db';
import { classifyFailure, retryAfterOf, retryDelay, statusOf } from './outbox-failures';
import { completeSent, finishAttempt } from './outbox-sender-updates';

/**
 * One attempt at one claimed entry (docs/architecture.md 2, "How an answer reaches the database",
 * points 3 to 5): sent with the author's own token, and the entry then removed, back to pending
 * with its backoff, or parked, by `classifyFailure`.
 */

/** A request that hangs (a basement with one bar) must not hold the queue for ever. */
export const SEND_TIMEOUT_MS = 30_000;

/** After an attempt: go on with the next entry, or end the round. */
export type Outcome = 'continue' | 'stop';

/** The sender's owner's callbacks an attempt calls (OutboxSenderOptions). */
export interface AttemptCallbacks {
  onSent?: (entry: OutboxRecord, response: unknown, info: { hasNewerPending: boolean }) => void;
  onParked?: (entry: OutboxRecord) => void;
  onPaused?: (error: unknown) => void;
}

export interface AttemptContext {
  db: AppDatabase;
  send: (entry: OutboxRecord, signal: AbortSignal) => Promise<unknown>;
  currentUser: () => string | null;
  now: () => number;
  random: () => number;
  callbacks: AttemptCallbacks;
  /** Calls one of `callbacks`; what it throws is reported, never thrown on. */
  call: (callback: () => void) => void;
  /** 401: the sender waits for a new sign-in. */
  pause: () => void;
  /** The sender runs again at this time (an entry's backoff). */
  wakeAt: (at: number) => void;
}

async function sendWithTimeout(send: AttemptContext['send'], entry: OutboxRecord): Promise<unknown> {
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

/** The sender's attempt at a claimed entry (in flight), which ends it one way or another. */
export function createAttempt(context: AttemptContext): (entry: OutboxRecord) => Promise<Outcome> {
  const { db, now, random, callbacks, call } = context;

  async function sendOne(entry: OutboxRecord): Promise<Outcome> {
    // Only with the author's own token (docs/architecture.md 4 "Sessions and revocation"):
    // another user may have signed in while the entry was being claimed. The check and the
    // request's token are read in the same tick.
    if (context.currentUser() !== entry.ssoUuid) {
      await finishAttempt(db, entry, { state: 'pending' }, now());
      return 'stop';
    }
    let response: unknown;
    try {
      response = await sendWithTimeout(context.send, entry);
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
    call(() => callbacks.onSent?.(entry, response, info));
    return 'continue';
  }

  async function failed(entry: OutboxRecord, error: unknown, status: number): Promise<Outcome> {
    const message = error instanceof Error && error.message ? error.message : `HTTP ${status}`;
    const at = now();
    switch (classifyFailure(status, error instanceof ApiError ? error.code : undefined)) {
      case 'auth': {
        await finishAttempt(db, entry, { state: 'pending', lastError: message }, at);
        context.pause();
        call(() => callbacks.onPaused?.(error));
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
        if (parked) call(() => callbacks.onParked?.(parked));
        return 'continue';
      }
      case 'transient': {
        const attempts = entry.attempts + 1;
        const nextAttemptAt = at + retryDelay(attempts, retryAfterOf(error), random);
        await finishAttempt(db, entry, { state: 'pending', attempts, nextAttemptAt, lastError: message }, at);
        context.wakeAt(nextAttemptAt);
        // A create waiting for its retry holds back only its own assessment (claimNext): other
        // assessments' entries go on. Any other entry holds back every later one: answers
        // reach the server in the order they were typed.
        return entry.kind === 'create' ? 'continue' : 'stop';
      }
    }
  }

  return sendOne;
}
