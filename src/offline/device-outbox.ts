import { storeSessionToken } from './credentials';
import { appDatabase, appDatabaseRelaxed } from './db';
import {
  changedSinceChoice,
  discardParked,
  enqueueAnswer,
  enqueueCreate,
  listAllEntries,
  listEntries,
  outboxSnapshot,
  queuedCreateOf,
  queueHiddenQuestionsSync,
  subscribe,
  type AnswerInput,
  type CreateInput,
  type HiddenQuestionsSyncInput,
  type OutboxRecord,
  type OutboxSnapshot,
} from './outbox';
import { createOutboxSender, type OutboxSender, type OutboxSenderOptions } from './outbox-sender';

/**
 * The outbox in this device's database, as features and routes use it: each read and write has
 * a name here, and none of them holds the Dexie database, which only `src/offline` touches
 * (docs/architecture.md 7, "Storage"). The functions of outbox.ts take the database as their
 * first argument (tests hand them one of their own); these give them the app's. Answers,
 * creates and the user's choices go through the strict (durable) connection (db.ts).
 */
export const deviceOutbox = {
  /** Rejects where the browser refuses IndexedDB (private modes, blocked storage). */
  open: async (): Promise<void> => {
    await appDatabase().open();
  },
  enqueueAnswer: (input: AnswerInput) => enqueueAnswer(appDatabase(), input),
  enqueueCreate: (input: CreateInput) => enqueueCreate(appDatabase(), input),
  queueHiddenQuestionsSync: (input: HiddenQuestionsSyncInput) =>
    queueHiddenQuestionsSync(appDatabase(), input),
  /** Answers of one author (every author's without one), in sending order. */
  listEntries: (ssoUuid?: string) => listEntries(appDatabase(), ssoUuid),
  /** Entries of every kind of one author (every author's without one), in sending order. */
  listAllEntries: (ssoUuid?: string) => listAllEntries(appDatabase(), ssoUuid),
  queuedCreateOf: (propertyId: string, ssoUuid: string) => queuedCreateOf(appDatabase(), propertyId, ssoUuid),
  snapshot: (ssoUuid?: string) => outboxSnapshot(appDatabase(), ssoUuid),
  subscribe: (
    listener: (snapshot: OutboxSnapshot) => void,
    options?: { ssoUuid?: string; onError?: (error: unknown) => void },
  ) => subscribe(appDatabase(), listener, options),
  discardParked: (id: number) => discardParked(appDatabase(), id),
  changedSinceChoice: (entry: OutboxRecord, send: () => Promise<unknown>) =>
    changedSinceChoice(appDatabase(), entry, send),
};

export type DeviceOutbox = typeof deviceOutbox;

/**
 * The page's sender over the app's database. Its marks go through the relaxed connection: a
 * lost mark only means a resend with the same idempotency key (db.ts).
 */
export function createDeviceOutboxSender(options: Omit<OutboxSenderOptions, 'db'>): OutboxSender {
  return createOutboxSender({ ...options, db: appDatabaseRelaxed() });
}

/** The page's copy of its token for the service worker (credentials.ts); null removes it. */
export function storeDeviceSessionToken(session: { token: string; ssoUuid: string } | null): Promise<void> {
  return storeSessionToken(appDatabaseRelaxed(), session);
}
