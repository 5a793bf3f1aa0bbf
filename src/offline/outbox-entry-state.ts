import type { AppDatabase, OutboxEntry, OutboxRecord } from './db';

/**
 * What every part of the outbox (docs/architecture.md 2, "Outbox rules") reads the same way in an
 * entry's sending state: still to be sent, an answer, a fresh start, a newer edit behind it.
 */

export const isUnsent = (entry: OutboxRecord) => entry.state === 'pending' || entry.state === 'inflight';
export const isAnswer = (entry: OutboxRecord): entry is OutboxEntry => entry.kind === 'answer';

/** What the sender has yet to do with a new entry: everything (pending, never tried). */
export type SendingState = Pick<
  OutboxRecord,
  | 'state'
  | 'attempts'
  | 'nextAttemptAt'
  | 'lastError'
  | 'parkedMessage'
  | 'parkedCode'
  | 'createdAt'
  | 'updatedAt'
>;

/** Due at once, never tried, nothing refused: a new entry, or a parked one sent again. */
export const UNTRIED = {
  state: 'pending',
  attempts: 0,
  nextAttemptAt: 0,
  lastError: null,
  parkedMessage: null,
  parkedCode: null,
} as const satisfies Omit<SendingState, 'createdAt' | 'updatedAt'>;

/**
 * Whether a later edit of the same question by the same author waits behind the entry (inside
 * the caller's transaction): it carries the whole answer (enqueueAnswer merges every queued
 * field into it), so the older entry need not be sent again.
 */
export async function hasNewerEdit(db: AppDatabase, entry: OutboxRecord): Promise<boolean> {
  const newer = await db.outbox
    .where('key')
    .equals(entry.key)
    .and((other) => other.id > entry.id && other.ssoUuid === entry.ssoUuid && isUnsent(other))
    .count();
  return newer > 0;
}
