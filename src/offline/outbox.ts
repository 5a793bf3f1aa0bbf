import Dexie, { liveQuery } from 'dexie';
import type { AnswerPayload, AppDatabase, OutboxEntry } from './db';

/**
 * The answer outbox (docs/architecture.md 2, "Writes of answers"): every answer is first saved in
 * IndexedDB, in one transaction, and sent later by the sender (outbox-sender.ts) in order.
 * This module is the store: enqueue with coalescing, the queries the UI lists, and the
 * state changes the sender makes. Nothing here deletes an entry the server has not taken
 * or refused, except the user discarding a parked one.
 */

export type { AnswerPayload, OutboxEntry, OutboxState } from './db';

/** What the answer form hands over: the ids, the payload, the author and display texts. */
export interface AnswerInput {
  assessmentId: string;
  propertyId: string;
  questionUniqueId: string;
  /** Only the fields that this edit changes; older queued fields are kept (merged). */
  payload: AnswerPayload;
  /** sso_uuid of the signed-in user who typed the answer. */
  ssoUuid: string;
  /** The residence's location text, the question's title and the whole answer as text. */
  locationText: string;
  questionTitle: string;
  valueText: string;
  questionPath?: string;
}

/** What the header indicator and the outbox list show. */
export interface OutboxSnapshot {
  /** Pending, in flight and parked entries, in sending order. */
  entries: OutboxEntry[];
  /** Not yet on the server and still to be sent (pending and in flight). */
  pendingCount: number;
  parkedCount: number;
}

export function outboxKey(assessmentId: string, questionUniqueId: string): string {
  return `${assessmentId}:${questionUniqueId}`;
}

const isUnsent = (entry: OutboxEntry) => entry.state === 'pending' || entry.state === 'inflight';

/** A fresh idempotency key; crypto.randomUUID exists only in secure contexts. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The payload as it will be sent: no undefined fields, arrays copied. */
function cleanPayload(payload: AnswerPayload): AnswerPayload {
  const clean: AnswerPayload = {};
  if (payload.numericValue !== undefined) clean.numericValue = payload.numericValue;
  if (payload.values !== undefined) clean.values = [...payload.values];
  if (payload.comment !== undefined) clean.comment = payload.comment;
  return clean;
}

/** A newer edit overrides the fields it carries and keeps the others (a comment-only edit keeps the values). */
export function mergePayload(older: AnswerPayload, newer: AnswerPayload): AnswerPayload {
  return cleanPayload({ ...older, ...cleanPayload(newer) });
}

const samePayload = (a: AnswerPayload, b: AnswerPayload) =>
  JSON.stringify(cleanPayload(a), ['numericValue', 'values', 'comment']) ===
  JSON.stringify(cleanPayload(b), ['numericValue', 'values', 'comment']);

function isClosedError(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return (
    error instanceof Dexie.DatabaseClosedError ||
    name === 'DatabaseClosedError' ||
    name === 'InvalidStateError'
  );
}

/**
 * Runs a database operation; if the browser closed the connection (or it was closed), the
 * database is opened again and the operation runs once more (docs/architecture.md 2).
 */
export async function withReopen<T>(db: AppDatabase, operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (!isClosedError(error)) throw error;
    if (!db.isOpen()) await db.open();
    return operation();
  }
}

/**
 * Saves an answer in one transaction, coalescing per (assessment, question) and author:
 * - a pending entry takes the newer fields (merged) and keeps its id, so the order is that
 *   of the first edit; its idempotency key is renewed when the payload changes;
 * - an entry in flight is left alone and a new pending entry follows it;
 * - a parked entry is replaced by the new pending one (the user changed the answer).
 * The stored payload is the merge of every queued edit of that question in order, so no
 * field the user typed is dropped.
 */
export async function enqueueAnswer(db: AppDatabase, input: AnswerInput): Promise<OutboxEntry> {
  const key = outboxKey(input.assessmentId, input.questionUniqueId);
  const display = {
    locationText: input.locationText,
    questionTitle: input.questionTitle,
    valueText: input.valueText,
    ...(input.questionPath === undefined ? {} : { questionPath: input.questionPath }),
  };
  return withReopen(db, () =>
    db.transaction('rw', db.outbox, async () => {
      const now = Date.now();
      // Index order is id order within one key.
      const own = (await db.outbox.where('key').equals(key).toArray()).filter(
        (entry) => entry.ssoUuid === input.ssoUuid,
      );
      const payload = own.reduce<AnswerPayload>((merged, entry) => mergePayload(merged, entry.payload), {});
      const merged = mergePayload(payload, input.payload);
      const parked = own.filter((entry) => entry.state === 'parked');
      if (parked.length > 0) await db.outbox.bulkDelete(parked.map((entry) => entry.id));

      const target = own.filter((entry) => entry.state === 'pending').at(-1);
      if (target) {
        const updated: OutboxEntry = {
          ...target,
          ...display,
          payload: merged,
          idempotencyKey: samePayload(target.payload, merged) ? target.idempotencyKey : newIdempotencyKey(),
          updatedAt: now,
        };
        await db.outbox.put(updated);
        return updated;
      }
      const entry: Omit<OutboxEntry, 'id'> = {
        key,
        assessmentId: input.assessmentId,
        propertyId: input.propertyId,
        questionUniqueId: input.questionUniqueId,
        payload: merged,
        ssoUuid: input.ssoUuid,
        idempotencyKey: newIdempotencyKey(),
        state: 'pending',
        attempts: 0,
        nextAttemptAt: 0,
        lastError: null,
        parkedMessage: null,
        createdAt: now,
        updatedAt: now,
        ...display,
      };
      const id = await db.outbox.add(entry as OutboxEntry);
      return { ...entry, id } as OutboxEntry;
    }),
  );
}

/** Pending, in flight and parked entries in sending order, of one author if given. */
export async function listEntries(db: AppDatabase, ssoUuid?: string): Promise<OutboxEntry[]> {
  const all = await withReopen(db, () => db.outbox.toArray());
  return ssoUuid === undefined ? all : all.filter((entry) => entry.ssoUuid === ssoUuid);
}

/** Answers not yet on the server that will be sent (pending and in flight). */
export async function pendingCount(db: AppDatabase, ssoUuid?: string): Promise<number> {
  return (await listEntries(db, ssoUuid)).filter(isUnsent).length;
}

export async function outboxSnapshot(db: AppDatabase, ssoUuid?: string): Promise<OutboxSnapshot> {
  const entries = await listEntries(db, ssoUuid);
  return {
    entries,
    pendingCount: entries.filter(isUnsent).length,
    parkedCount: entries.filter((entry) => entry.state === 'parked').length,
  };
}

/** The logout guard: does this user have answers that are not on the server yet? */
export async function hasPendingForUser(db: AppDatabase, ssoUuid: string): Promise<boolean> {
  return (await pendingCount(db, ssoUuid)) > 0;
}

/** Discards a parked entry (after the user confirmed). Pending ones cannot be discarded. */
export async function discardParked(db: AppDatabase, id: number): Promise<boolean> {
  return withReopen(db, () =>
    db.transaction('rw', db.outbox, async () => {
      const entry = await db.outbox.get(id);
      if (entry?.state !== 'parked') return false;
      await db.outbox.delete(id);
      return true;
    }),
  );
}

/**
 * Calls the listener with a snapshot now and after every change of the outbox, also changes
 * made by another tab or the service worker (Dexie liveQuery). Returns the unsubscribe.
 */
export function subscribe(
  db: AppDatabase,
  listener: (snapshot: OutboxSnapshot) => void,
  options: { ssoUuid?: string; onError?: (error: unknown) => void } = {},
): () => void {
  const subscription = liveQuery(() => outboxSnapshot(db, options.ssoUuid)).subscribe({
    next: listener,
    error: (error: unknown) => options.onError?.(error),
  });
  return () => subscription.unsubscribe();
}

// ---- State changes made by the sender ----

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

export type Claim = { entry: OutboxEntry } | { waitUntil: number } | null;

/**
 * Takes the author's first pending entry in id order and marks it in flight, in one
 * transaction, so that two senders can never take the same entry. When that entry waits
 * for its backoff nothing is taken: later entries never overtake it.
 */
export async function claimNext(db: AppDatabase, ssoUuid: string, now: number): Promise<Claim> {
  return withReopen(db, () =>
    db.transaction('rw', db.outbox, async () => {
      const head = await db.outbox
        .where('state')
        .equals('pending')
        .and((entry) => entry.ssoUuid === ssoUuid)
        .first();
      if (!head) return null;
      if (head.nextAttemptAt > now) return { waitUntil: head.nextAttemptAt };
      const entry: OutboxEntry = { ...head, state: 'inflight', updatedAt: now };
      await db.outbox.put(entry);
      return { entry };
    }),
  );
}

/**
 * The server took the entry: it is removed unless it changed meanwhile (then it holds a
 * newer edit). Tells whether a newer edit of the same question is still queued.
 */
export async function completeSent(
  db: AppDatabase,
  sent: OutboxEntry,
): Promise<{ hasNewerPending: boolean }> {
  return withReopen(db, () =>
    db.transaction('rw', db.outbox, async () => {
      const current = await db.outbox.get(sent.id);
      if (current?.idempotencyKey === sent.idempotencyKey) await db.outbox.delete(sent.id);
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
  sent: OutboxEntry,
  changes: Partial<Pick<OutboxEntry, 'state' | 'attempts' | 'nextAttemptAt' | 'lastError' | 'parkedMessage'>>,
  now: number,
): Promise<OutboxEntry | null> {
  return withReopen(db, () =>
    db.transaction('rw', db.outbox, async () => {
      const current = await db.outbox.get(sent.id);
      if (current?.state !== 'inflight' || current.idempotencyKey !== sent.idempotencyKey) return null;
      if (changes.state === 'pending') {
        const newer = await db.outbox
          .where('key')
          .equals(current.key)
          .and(
            (entry) =>
              entry.id > current.id && entry.ssoUuid === current.ssoUuid && entry.state === 'pending',
          )
          .count();
        if (newer > 0) {
          await db.outbox.delete(current.id);
          return null;
        }
      }
      const updated: OutboxEntry = { ...current, ...changes, updatedAt: now };
      await db.outbox.put(updated);
      return updated;
    }),
  );
}
