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

/**
 * What an outbox entry asks of the server (docs/architecture.md 2, outbox): an answer
 * (syncanswer), the create of an assessment started offline (createnewassessment with the id the
 * client chose), or the hidden-questions sync of an assessment (synchiddenquestions).
 */
export type OutboxKind = 'answer' | 'create' | 'syncHidden' | 'photo' | 'deletePhoto';

/** What every kind of entry keeps: its place in the queue, its author and its sending state. */
interface OutboxEntryBase {
  /** Auto-incremented: the order in which entries are sent. */
  id: number;
  /** Entries with the same key are coalesced (outboxKey, createKey, syncHiddenKey). */
  key: string;
  assessmentId: string;
  propertyId: string;
  /** The sso_uuid of the user who made the entry; only that user's session sends it. */
  ssoUuid: string;
  /** Sent as the Idempotency-Key header of syncanswer; a new one whenever the payload changes. */
  idempotencyKey: string;
  state: OutboxState;
  /** Failed attempts that are retried (network, 408, 429, 5xx). */
  attempts: number;
  /** Epoch ms before which the entry is not sent again (backoff); 0 for at once. */
  nextAttemptAt: number;
  lastError: string | null;
  /** The server's reason when it refused the entry (400, 403, 404, 409). */
  parkedMessage: string | null;
  /**
   * The server's error code when it refused the entry (`ANSWER_CHANGED_SINCE`: a newer answer
   * is on the server, which the user may overwrite on purpose); absent on older entries.
   */
  parkedCode?: string | null;
  createdAt: number;
  updatedAt: number;
  /** The residence's location text, so the entry can be listed without the network. */
  locationText: string;
}

/** One answer saved on this device and not yet on the server (docs/architecture.md 2, outbox). */
export interface OutboxEntry extends OutboxEntryBase {
  /** Entries stored before schema 3 had no kind; the upgrade made them answers. */
  kind: 'answer';
  /** `${assessmentId}:${questionUniqueId}`: entries of one question are coalesced by it. */
  questionUniqueId: string;
  payload: AnswerPayload;
  /**
   * Epoch ms of the edit the payload ends with: sent as `answeredAt`, so the server keeps an
   * answer given later on another device (docs/api.md "syncanswer"). Absent on entries stored
   * before it existed, which are sent without it.
   */
  answeredAt?: number;
  /** Display fields, so the pending and parked answers can be listed without the network. */
  questionTitle: string;
  valueText: string;
  /** The in-app path of the question, for "go to the question"; optional. */
  questionPath?: string;
}

/**
 * An assessment started without a connection: `assessmentId` is the id the client chose, which
 * the server takes idempotently (docs/api.md "createnewassessment"), so a resend after a lost
 * reply makes one assessment. Its answers wait until it is on the server.
 */
export interface CreateEntry extends OutboxEntryBase {
  kind: 'create';
}

/** The hidden-questions sync of an assessment, queued after its answers; one per assessment. */
export interface SyncHiddenEntry extends OutboxEntryBase {
  kind: 'syncHidden';
}

/**
 * A photo's upload (POST /api/v2/photos). Its bytes are a row of `photos` (StoredPhoto), never
 * inline here: an entry stays a small record however large the photo, and the queue's writes
 * never carry megabytes. `assessmentId` is '' for a photo of the residence itself.
 */
export interface PhotoEntry extends OutboxEntryBase {
  kind: 'photo';
  photoId: string;
  questionUniqueId: string | null;
  /** The question's title, for the outbox list; '' for a photo of the residence or assessment. */
  questionTitle: string;
}

/** The deletion of a photo that is on the server (DELETE /api/v2/photos/{photoId}). */
export interface DeletePhotoEntry extends OutboxEntryBase {
  kind: 'deletePhoto';
  photoId: string;
}

/** Any entry of the outbox: one queue, one order for every kind. */
export type OutboxRecord = OutboxEntry | CreateEntry | SyncHiddenEntry | PhotoEntry | DeletePhotoEntry;

/**
 * A photo taken on this device, made small (src/photos/shrink-photo.ts), until the server
 * has it: its upload waits in the outbox with a reference to this row. The bytes are an
 * ArrayBuffer, which every IndexedDB stores (Blobs are not stored alike everywhere).
 */
export interface StoredPhoto {
  photoId: string;
  residenceId: string;
  assessmentId: string | null;
  questionUniqueId: string | null;
  ssoUuid: string;
  bytes: ArrayBuffer;
  contentType: string;
  size: number;
  /** When it was taken (ISO 8601), the one field kept of its EXIF. */
  takenAt: string | null;
  createdAt: number;
}

/**
 * A copy of a photo on the server, fetched when the user took its residence along "med fotos"
 * (docs/architecture.md "Photos", "Taken along with photos"), so that it shows offline. Never
 * sent anywhere: the photos waiting to be sent are `StoredPhoto`s, a table of their own.
 */
export interface KeptPhoto {
  photoId: string;
  residenceId: string;
  bytes: ArrayBuffer;
  contentType: string;
  size: number;
  keptAt: number;
}

/**
 * The signed-in user's current token, for the service worker, which cannot read cookies: it sends
 * the outbox with it when the connection returns with no window open (docs/architecture.md 2,
 * "Sending with the app closed"). One row, removed at logout and when the server refuses it.
 */
export interface StoredSession {
  key: 'session';
  token: string;
  ssoUuid: string;
}

/**
 * The app's one IndexedDB database. Only `src/offline` uses it; features and routes go through
 * the facades there (device-outbox.ts), never through `db` (docs/architecture.md 7, "Storage").
 */
export class AppDatabase extends Dexie {
  keyValues!: EntityTable<KeyValue, 'key'>;
  outbox!: EntityTable<OutboxRecord, 'id'>;
  credentials!: EntityTable<StoredSession, 'key'>;
  photos!: EntityTable<StoredPhoto, 'photoId'>;
  keptPhotos!: EntityTable<KeptPhoto, 'photoId'>;

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
    // The outbox also carries creates and hidden-question syncs (docs/architecture.md 2 "Outbox
    // rules", "Kinds"). Entries stored before are answers; they keep their ids (their place in the
    // queue) and idempotency keys.
    this.version(3)
      .stores({ outbox: '++id, key, state, ssoUuid, kind' })
      .upgrade((tx) =>
        tx
          .table<Partial<OutboxRecord>>('outbox')
          .toCollection()
          .modify((entry) => {
            entry.kind ??= 'answer';
          }),
      );
    // The token for the service worker's Background Sync (docs/architecture.md 2 "Outbox rules",
    // "Sending with the app closed"); the rest is kept as it is.
    this.version(4).stores({ credentials: 'key' });
    // The bytes of the photos waiting in the outbox (PhotoEntry); the rest is kept as it is.
    this.version(5).stores({ photos: 'photoId, residenceId, assessmentId' });
    // Copies of the server's photos taken along "med fotos" (KeptPhoto); the rest is kept as it is.
    this.version(6).stores({ keptPhotos: 'photoId, residenceId' });
    // e2e/update.spec.ts builds a second release with one schema step more, as the next release
    // will bring one: installed over this one while answers wait, it must keep all of them. The
    // constant is undefined in every other build, which drops the line.
    if (import.meta.env.VITE_E2E_NEXT_SCHEMA === '1') {
      this.version(7).stores({ outbox: '++id, key, state, ssoUuid, kind, assessmentId' });
    }
    // A tab still running a release before schema 3 after another tab upgraded the database
    // reopens it and stores answers without a kind (Dexie reopens at the version on disk): they
    // are answers, read as such everywhere, never sent as nothing and dropped (docs/architecture.md
    // 2 "Outbox rules", "An update in the middle of the day").
    this.outbox.hook('reading', (entry: OutboxRecord | undefined) => {
      if (entry) (entry as Partial<OutboxRecord>).kind ??= 'answer';
      return entry;
    });
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
