import type { AppDatabase, OutboxRecord } from './db';
import { hasNewerEdit, isUnsent } from './outbox-entry-state';
import { withReopen } from './outbox-reopen';

/**
 * The outbox's state changes made by the sender (outbox-sender.ts; docs/architecture.md 2, "How
 * an answer reaches the database"): each in one transaction, so that two senders never take the
 * same entry and an answer the server has not taken is never lost.
 */

/** After a crash or a closed tab: entries left in flight are pending again, same idempotency key. */
export async function resetInflight(db: AppDatabase): Promise<number> {
  return withReopen(db, () =>
    db.outbox.where('state').equals('inflight').modify({ state: 'pending', updatedAt: Date.now() }),
  );
}

/** Sets the next attempt of this author's pending entries to now (retry now, back online). */
export async function resetBackoff(db: AppDatabase, ssoUuid: string): Promise<void> {
  await withReopen(db, () =>
    db.outbox
      .where('state')
      .equals('pending')
      .and((entry) => entry.ssoUuid === ssoUuid)
      .modify({ nextAttemptAt: 0 }),
  );
}

export type Claim = { entry: OutboxRecord } | { waitUntil: number } | null;

/**
 * Takes the author's first pending entry in id order that may go now and marks it in flight, in
 * one transaction, so that two senders can never take the same entry.
 * - An entry of an assessment whose create is still on the device (pending, in flight, waiting
 *   for its backoff or parked, by any author) is held back: before its assessment exists the
 *   server would refuse it (404) and park it. Other assessments' entries go on.
 * - A create waiting for its backoff holds back only its own assessment (above).
 * - Any other entry waiting for its backoff holds back every later one: answers reach the server
 *   in the order they were typed.
 */
export async function claimNext(db: AppDatabase, ssoUuid: string, now: number): Promise<Claim> {
  return withReopen(db, () =>
    db.transaction('rw', db.outbox, async () => {
      const creates = await db.outbox.where('kind').equals('create').toArray();
      const notCreated = new Set(creates.map((entry) => entry.assessmentId));
      // The state index keeps id order within one state.
      const pending = await db.outbox
        .where('state')
        .equals('pending')
        .and((entry) => entry.ssoUuid === ssoUuid)
        .toArray();
      let createDueAt = Infinity;
      for (const head of pending) {
        if (head.kind !== 'create' && notCreated.has(head.assessmentId)) continue;
        if (head.nextAttemptAt > now) {
          if (head.kind === 'create') {
            createDueAt = Math.min(createDueAt, head.nextAttemptAt);
            continue;
          }
          return { waitUntil: Math.min(head.nextAttemptAt, createDueAt) };
        }
        const entry: OutboxRecord = { ...head, state: 'inflight', updatedAt: now };
        await db.outbox.put(entry);
        return { entry };
      }
      return createDueAt === Infinity ? null : { waitUntil: createDueAt };
    }),
  );
}

/**
 * The server took the entry: it is removed unless it changed meanwhile (then it holds a
 * newer edit). Tells whether a newer edit of the same question is still queued.
 */
export async function completeSent(
  db: AppDatabase,
  sent: OutboxRecord,
): Promise<{ hasNewerPending: boolean }> {
  return withReopen(db, () =>
    db.transaction('rw', db.outbox, db.photos, async () => {
      const current = await db.outbox.get(sent.id);
      if (current?.idempotencyKey === sent.idempotencyKey) await db.outbox.delete(sent.id);
      // The server has the photo: its bytes leave the device (it is read from the server now).
      if (sent.kind === 'photo') await db.photos.delete(sent.photoId);
      const newer = await db.outbox
        .where('key')
        .equals(sent.key)
        .and((entry) => entry.ssoUuid === sent.ssoUuid && isUnsent(entry))
        .count();
      return { hasNewerPending: newer > 0 };
    }),
  );
}

/**
 * Ends an attempt that did not succeed: the entry gets the changes (back to pending, or
 * parked) if it is still the one that was sent. Returns the updated entry, or null.
 *
 * An entry going back to pending while a newer edit of the same question waits behind it
 * is removed instead: the newer entry carries the whole answer (enqueueAnswer merges every
 * queued field into it), so sending the older one again could only be overwritten.
 */
export async function finishAttempt(
  db: AppDatabase,
  sent: OutboxRecord,
  changes: Partial<
    Pick<OutboxRecord, 'state' | 'attempts' | 'nextAttemptAt' | 'lastError' | 'parkedMessage' | 'parkedCode'>
  >,
  now: number,
): Promise<OutboxRecord | null> {
  return withReopen(db, () =>
    db.transaction('rw', db.outbox, async () => {
      const current = await db.outbox.get(sent.id);
      if (current?.state !== 'inflight' || current.idempotencyKey !== sent.idempotencyKey) return null;
      if (changes.state === 'pending' && (await hasNewerEdit(db, current))) {
        await db.outbox.delete(current.id);
        return null;
      }
      const updated: OutboxRecord = { ...current, ...changes, updatedAt: now };
      await db.outbox.put(updated);
      return updated;
    }),
  );
}
