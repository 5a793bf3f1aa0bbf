import Dexie, { liveQuery } from 'dexie';
import { ANSWER_CHANGED_SINCE } from '../../shared/contract/dto';
import type {
  AnswerPayload,
  AppDatabase,
  CreateEntry,
  OutboxEntry,
  OutboxRecord,
  SyncHiddenEntry,
} from './db';
import { newIdempotencyKey } from '../lib/idempotency-key';

/**
 * The outbox (docs/architecture.md 2, "How an answer reaches the database"): every answer, every
 * create of an assessment started offline and every hidden-questions sync is first saved in
 * IndexedDB, in one transaction, and sent later by the sender (outbox-sender.ts) in order.
 * This module is the store: enqueue with coalescing, the queries the UI lists, and the
 * state changes the sender makes. Nothing here deletes an entry the server has not taken
 * or refused, except the user discarding a parked one.
 */

export type {
  AnswerPayload,
  CreateEntry,
  OutboxEntry,
  OutboxKind,
  OutboxRecord,
  OutboxState,
  SyncHiddenEntry,
} from './db';

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
  /** Pending, in flight and parked answers, in sending order (what the form lays over its list). */
  entries: OutboxEntry[];
  /** Every entry, answers, creates and hidden-question syncs, in sending order. */
  records: OutboxRecord[];
  /** Entries of any kind not yet on the server and still to be sent (pending and in flight). */
  pendingCount: number;
  parkedCount: number;
  /**
   * When the read began (ms). IndexedDB runs a read after every write transaction created before
   * it, so whatever was stored before this time is in the snapshot: the form keeps showing an
   * answer it stored later from its own memory (use-answer-question.ts).
   */
  readAt: number;
}

/** An assessment started on this device, to be created on the server with the id given here. */
export interface CreateInput {
  /** The id the client chose (newIdempotencyKey()); the form works with it at once. */
  assessmentId: string;
  propertyId: string;
  /** sso_uuid of the signed-in user who started it. */
  ssoUuid: string;
  /** The residence's location text, for the outbox list. */
  locationText: string;
}

/** The hidden-questions sync of an assessment (after screening changed what is hidden). */
export interface HiddenQuestionsSyncInput {
  assessmentId: string;
  propertyId: string;
  ssoUuid: string;
  locationText?: string;
}

export function outboxKey(assessmentId: string, questionUniqueId: string): string {
  return `${assessmentId}:${questionUniqueId}`;
}

/** Ids are UUIDs, so these never meet an answer's `${assessmentId}:${questionUniqueId}`. */
export const createKey = (assessmentId: string) => `create:${assessmentId}`;
export const syncHiddenKey = (assessmentId: string) => `syncHidden:${assessmentId}`;

const isUnsent = (entry: OutboxRecord) => entry.state === 'pending' || entry.state === 'inflight';
const isAnswer = (entry: OutboxRecord): entry is OutboxEntry => entry.kind === 'answer';

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

/** What the sender has yet to do with a new entry: everything (pending, never tried). */
type SendingState = Pick<
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
const UNTRIED = {
  state: 'pending',
  attempts: 0,
  nextAttemptAt: 0,
  lastError: null,
  parkedMessage: null,
  parkedCode: null,
} as const satisfies Omit<SendingState, 'createdAt' | 'updatedAt'>;

/** Adds a new pending entry at the end of the queue (inside the caller's transaction). */
async function addPending<T extends OutboxRecord>(
  db: AppDatabase,
  fields: Omit<T, 'id' | keyof SendingState>,
  now: number,
): Promise<T> {
  const sending: SendingState = { ...UNTRIED, createdAt: now, updatedAt: now };
  const entry = { ...fields, ...sending } as Omit<T, 'id'>;
  const id = await db.outbox.add(entry as T);
  return { ...entry, id } as T;
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
        (entry): entry is OutboxEntry => isAnswer(entry) && entry.ssoUuid === input.ssoUuid,
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
          answeredAt: now,
          idempotencyKey: samePayload(target.payload, merged) ? target.idempotencyKey : newIdempotencyKey(),
          updatedAt: now,
        };
        await db.outbox.put(updated);
        return updated;
      }
      return addPending<OutboxEntry>(
        db,
        {
          kind: 'answer',
          key,
          assessmentId: input.assessmentId,
          propertyId: input.propertyId,
          questionUniqueId: input.questionUniqueId,
          payload: merged,
          answeredAt: now,
          ssoUuid: input.ssoUuid,
          idempotencyKey: newIdempotencyKey(),
          ...display,
        },
        now,
      );
    }),
  );
}

/**
 * Queues the create of an assessment started on this device (docs/architecture.md 2, outbox):
 * one durable transaction, ahead of every answer of it (they are queued after it, and held back
 * until it is on the server). Queuing the same assessment again changes nothing.
 */
export async function enqueueCreate(db: AppDatabase, input: CreateInput): Promise<CreateEntry> {
  const key = createKey(input.assessmentId);
  return withReopen(db, () =>
    db.transaction('rw', db.outbox, async () => {
      const existing = (await db.outbox.where('key').equals(key).toArray()).find(
        (entry): entry is CreateEntry => entry.kind === 'create',
      );
      if (existing) return existing;
      return addPending<CreateEntry>(
        db,
        {
          kind: 'create',
          key,
          assessmentId: input.assessmentId,
          propertyId: input.propertyId,
          ssoUuid: input.ssoUuid,
          // The server is idempotent by the assessment id itself; the key only fills the field.
          idempotencyKey: input.assessmentId,
          locationText: input.locationText,
        },
        Date.now(),
      );
    }),
  );
}

/**
 * Queues GET synchiddenquestions for an assessment, after every answer queued so far: the
 * server removes the answers of the questions screening hides by the answers it holds, so the
 * sync must follow them. Coalesced per assessment and author: a pending (or parked) sync is
 * replaced by one at the end of the queue; one in flight is left alone and the new one follows.
 * Offline the form calls this instead of calling synchiddenquestions itself.
 */
export async function queueHiddenQuestionsSync(
  db: AppDatabase,
  input: HiddenQuestionsSyncInput,
): Promise<SyncHiddenEntry> {
  const key = syncHiddenKey(input.assessmentId);
  return withReopen(db, () =>
    db.transaction('rw', db.outbox, async () => {
      const own = (await db.outbox.where('key').equals(key).toArray()).filter(
        (entry) => entry.ssoUuid === input.ssoUuid,
      );
      const replaced = own.filter((entry) => entry.state !== 'inflight');
      if (replaced.length > 0) await db.outbox.bulkDelete(replaced.map((entry) => entry.id));
      return addPending<SyncHiddenEntry>(
        db,
        {
          kind: 'syncHidden',
          key,
          assessmentId: input.assessmentId,
          propertyId: input.propertyId,
          ssoUuid: input.ssoUuid,
          idempotencyKey: newIdempotencyKey(),
          locationText: input.locationText ?? (await locationOf(db, input.assessmentId)),
        },
        Date.now(),
      );
    }),
  );
}

/** The residence's location text of any queued entry of the assessment, for the outbox list. */
async function locationOf(db: AppDatabase, assessmentId: string): Promise<string> {
  const entry = await db.outbox
    .filter((e) => e.assessmentId === assessmentId && e.locationText !== '')
    .first();
  return entry?.locationText ?? '';
}

/** Entries of every kind in sending order, of one author if given. */
export async function listAllEntries(db: AppDatabase, ssoUuid?: string): Promise<OutboxRecord[]> {
  const all = await withReopen(db, () => db.outbox.toArray());
  return ssoUuid === undefined ? all : all.filter((entry) => entry.ssoUuid === ssoUuid);
}

/** Pending, in flight and parked answers in sending order, of one author if given. */
export async function listEntries(db: AppDatabase, ssoUuid?: string): Promise<OutboxEntry[]> {
  return (await listAllEntries(db, ssoUuid)).filter(isAnswer);
}

/** The assessment this author started on this device for the residence whose create is still queued. */
export async function queuedCreateOf(
  db: AppDatabase,
  propertyId: string,
  ssoUuid: string,
): Promise<CreateEntry | undefined> {
  const creates = await withReopen(db, () => db.outbox.where('kind').equals('create').toArray());
  return creates.find(
    (entry): entry is CreateEntry =>
      entry.kind === 'create' && entry.propertyId === propertyId && entry.ssoUuid === ssoUuid,
  );
}

/** Entries of any kind not yet on the server that will be sent (pending and in flight). */
export async function pendingCount(db: AppDatabase, ssoUuid?: string): Promise<number> {
  return (await listAllEntries(db, ssoUuid)).filter(isUnsent).length;
}

export async function outboxSnapshot(db: AppDatabase, ssoUuid?: string): Promise<OutboxSnapshot> {
  const readAt = Date.now();
  const records = await listAllEntries(db, ssoUuid);
  return {
    readAt,
    entries: records.filter(isAnswer),
    records,
    pendingCount: records.filter(isUnsent).length,
    parkedCount: records.filter((entry) => entry.state === 'parked').length,
  };
}

/** The logout guard: does this user have entries (answers, creates, syncs) not on the server yet? */
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
      // A create discarded: its assessment will never exist, so what waits for it goes with it.
      if (entry.kind === 'create') {
        await db.outbox
          .where('ssoUuid')
          .equals(entry.ssoUuid)
          .filter((other) => other.assessmentId === entry.assessmentId && other.state !== 'inflight')
          .delete();
      }
      return true;
    }),
  );
}

/**
 * The user keeps their answer over the newer one on the server (a parked ANSWER_CHANGED_SINCE):
 * the entry is sent again as given now, so the server takes it. When a newer edit of the
 * question waits already, that one carries the whole answer and the parked one just goes.
 */
export async function keepParkedAnswer(db: AppDatabase, id: number): Promise<boolean> {
  return withReopen(db, () =>
    db.transaction('rw', db.outbox, async () => {
      const entry = await db.outbox.get(id);
      if (entry?.kind !== 'answer' || entry.state !== 'parked' || entry.parkedCode !== ANSWER_CHANGED_SINCE) {
        return false;
      }
      if (await hasNewerEdit(db, entry)) {
        await db.outbox.delete(id);
        return true;
      }
      const now = Date.now();
      const kept: OutboxEntry = {
        ...entry,
        ...UNTRIED,
        answeredAt: now,
        idempotencyKey: newIdempotencyKey(),
        updatedAt: now,
      };
      await db.outbox.put(kept);
      return true;
    }),
  );
}

/**
 * Whether a later edit of the same question by the same author waits behind the entry (inside
 * the caller's transaction): it carries the whole answer (enqueueAnswer merges every queued
 * field into it), so the older entry need not be sent again.
 */
async function hasNewerEdit(db: AppDatabase, entry: OutboxRecord): Promise<boolean> {
  const newer = await db.outbox
    .where('key')
    .equals(entry.key)
    .and((other) => other.id > entry.id && other.ssoUuid === entry.ssoUuid && isUnsent(other))
    .count();
  return newer > 0;
}

/** The two ways out of a parked answer that a newer one on the server outdated. */
export interface ChangedSinceChoice {
  /** Send this device's answer again, as given now: it overwrites the newer one. */
  keepMine: () => Promise<unknown>;
  /** Drop this device's answer: the newer one stays. */
  takeNewest: () => Promise<unknown>;
}

/**
 * The choice an entry parked with ANSWER_CHANGED_SINCE offers, for the form and the outbox list
 * alike; undefined for any other entry. `send` drains the outbox after "keep mine".
 */
export function changedSinceChoice(
  db: AppDatabase,
  entry: OutboxRecord,
  send: () => Promise<unknown>,
): ChangedSinceChoice | undefined {
  if (entry.state !== 'parked' || entry.parkedCode !== ANSWER_CHANGED_SINCE) return undefined;
  return {
    keepMine: async () => {
      if (await keepParkedAnswer(db, entry.id)) await send();
    },
    takeNewest: () => discardParked(db, entry.id),
  };
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
