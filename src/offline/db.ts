import Dexie, { type EntityTable } from 'dexie';
import { APP_DATABASE_NAME } from './key-value-mirror';

/** A persisted key-value pair (the query cache lives here as one serialized value). */
export interface KeyValue {
  key: string;
  value: string;
}

/**
 * The fields of one syncanswer call (docs/product.md 7) besides the ids, exactly as they will
 * be sent: numericValue for numeric questions (null clears it), values (answer ids) for
 * single and multiple choice, comment for the free text.
 */
export interface AnswerPayload {
  numericValue?: number | null;
  values?: string[];
  comment?: string | null;
}

/** pending: waits to be sent; inflight: being sent now; parked: refused by the server. */
export type OutboxState = 'pending' | 'inflight' | 'parked';

/** One answer saved on this device and not yet on the server (docs/architecture.md 2, outbox). */
export interface OutboxEntry {
  /** Auto-incremented: the order in which answers are sent. */
  id: number;
  /** `${assessmentId}:${questionUniqueId}`: entries of one question are coalesced by it. */
  key: string;
  assessmentId: string;
  propertyId: string;
  questionUniqueId: string;
  payload: AnswerPayload;
  /** The sso_uuid of the user who typed the answer; only that user's session sends it. */
  ssoUuid: string;
  /** Sent as the Idempotency-Key header; a new one whenever the payload changes. */
  idempotencyKey: string;
  state: OutboxState;
  /** Failed attempts that are retried (network, 408, 429, 5xx). */
  attempts: number;
  /** Epoch ms before which the entry is not sent again (backoff); 0 for at once. */
  nextAttemptAt: number;
  lastError: string | null;
  /** The server's reason when it refused the answer (400, 409). */
  parkedMessage: string | null;
  createdAt: number;
  updatedAt: number;
  /** Display fields, so the pending and parked answers can be listed without the network. */
  locationText: string;
  questionTitle: string;
  valueText: string;
  /** The in-app path of the question, for "go to the question"; optional. */
  questionPath?: string;
}

/** The app's one IndexedDB database. Components never use it directly; feature hooks do. */
export class AppDatabase extends Dexie {
  keyValues!: EntityTable<KeyValue, 'key'>;
  outbox!: EntityTable<OutboxEntry, 'id'>;

  /**
   * `relaxed`: commits without waiting for the disk (Chromium). Only for bookkeeping that a
   * crash may lose harmlessly (the sender's in-flight marks: a resend carries the same
   * idempotency key); answers are enqueued through the strict connection.
   */
  constructor(name = APP_DATABASE_NAME, options: { durability?: 'strict' | 'relaxed' } = {}) {
    super(name, { chromeTransactionDurability: options.durability ?? 'strict' });
    this.version(1).stores({ keyValues: 'key' });
    // The answer outbox (src/offline/outbox.ts); keyValues is kept as it is.
    this.version(2).stores({ outbox: '++id, key, state, ssoUuid' });
  }
}

let instance: AppDatabase | null = null;
let relaxed: AppDatabase | null = null;

export function appDatabase(): AppDatabase {
  instance ??= new AppDatabase();
  return instance;
}

/** A second connection to the same database for the outbox sender's bookkeeping. */
export function appDatabaseRelaxed(): AppDatabase {
  relaxed ??= new AppDatabase(undefined, { durability: 'relaxed' });
  return relaxed;
}
