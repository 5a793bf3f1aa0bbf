import type { AppDatabase, OutboxRecord } from './db';
import type { Outcome } from './outbox-attempt';
import { LOCK_RETRY_MS, withOutboxLock, type OutboxLockManager } from './outbox-locks';
import { claimNext, resetInflight } from './outbox-sender-updates';

/**
 * The sender's rounds (outbox-sender.ts, docs/architecture.md 2 "How an answer reaches the
 * database"): under the outbox lock, the author's due entries one after another in order, and
 * one round at a time in this realm.
 */

export interface RoundContext {
  db: AppDatabase;
  locks: OutboxLockManager | null;
  currentUser: () => string | null;
  now: () => number;
  attempt: (entry: OutboxRecord) => Promise<Outcome>;
  wakeAt: (at: number) => void;
  /** False once the sender paused, or stopped after this round began. */
  goesOn: () => boolean;
}

/**
 * One round: entries left in flight recovered if asked, then the due entries sent until none is
 * due (the next wakes the sender at its time) or an attempt ends the round. Another sender
 * holding the lock: look again later.
 */
export async function sendRound(context: RoundContext, recover: boolean): Promise<void> {
  const { db, currentUser, now, wakeAt } = context;
  const acquired = await withOutboxLock(context.locks, async () => {
    if (recover) await resetInflight(db);
    while (context.goesOn()) {
      const user = currentUser();
      if (!user) return;
      const claim = await claimNext(db, user, now());
      if (!claim) return;
      if ('waitUntil' in claim) {
        wakeAt(claim.waitUntil);
        return;
      }
      if ((await context.attempt(claim.entry)) === 'stop') return;
    }
  });
  if (!acquired) wakeAt(now() + LOCK_RETRY_MS);
}

export interface RoundLoop {
  /** Runs a round now, or once more after the one under way; resolves when they are over. */
  run(recover: boolean): Promise<void>;
  /** A stop: the round asked for while one ran is not run. */
  dropAgain(): void;
}

/**
 * One round at a time: a call while one runs asks for another after it, which recovers entries
 * left in flight when any call asked for that (or always, with a lock shared by every tab).
 */
export function createRoundLoop(options: {
  round: (recover: boolean) => Promise<void>;
  recoverEveryRound: boolean;
  report: (error: unknown) => void;
  isPaused: () => boolean;
}): RoundLoop {
  const { round, recoverEveryRound, report, isPaused } = options;
  let running: Promise<void> | null = null;
  let again = false;
  let recoverRequested = false;

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
            await round(recoverNow);
          } catch (error) {
            report(error);
          }
        } while (again && !isPaused());
      } finally {
        running = null;
      }
    })();
    return running;
  }

  return {
    run,
    dropAgain: () => {
      again = false;
    },
  };
}
