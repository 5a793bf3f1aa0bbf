import { liveQuery } from 'dexie';
import type {
  AnswerPayload,
  AppDatabase,
  CreateEntry,
  OutboxEntry,
  OutboxRecord,
  SyncHiddenEntry,
} from './db';
import { newIdempotencyKey } from '../lib/idempotency-key';
import { isAnswer, isUnsent, UNTRIED, type SendingState } from './outbox-entry-state';
import { withReopen } from './outbox-reopen';

/**
 * The outbox (docs/architecture.md 2, "How an answer reaches the database"): every answer, every
 * create of an assessment started offline and every hidden-questions sync is first saved in
 * IndexedDB, in one transaction, and sent later by the sender (outbox-sender.ts) in order.
 * This module is the store: enqueue with coalescing and the queries the UI lists; the state
 * changes the sender makes (outbox-sender-updates.ts) and the ways out of a parked entry
 * (outbox-parked.ts) are its siblings, exported from here too. Nothing deletes an entry the
 * server has not taken or refused, except the user discarding a parked one.
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

export { withReopen } from './outbox-reopen';
export {
  changedSinceChoice,
  discardParked,
  keepParkedAnswer,
  type ChangedSinceChoice,
} from './outbox-parked';
export {
  claimNext,
  completeSent,
  finishAttempt,
  resetBackoff,
  resetInflight,
  type Claim,
} from './outbox-sender-updates';

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
