import { ApiError } from '../../src/api/http';
import { AppDatabase, type AnswerPayload, type OutboxEntry, type OutboxRecord } from '../../src/offline/db';
import type { AnswerInput } from '../../src/offline/outbox';
import {
  createOutboxSender,
  type OutboxLockManager,
  type OutboxSender,
  type OutboxSenderOptions,
} from '../../src/offline/outbox-sender';

export const USER_A = '11111111-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const USER_B = '22222222-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
export const ASSESSMENT = 'a-1001';
export const PROPERTY = 'p-2001';

const databases: AppDatabase[] = [];
const senders: OutboxSender[] = [];

export function newDatabaseName(): string {
  return `test-${crypto.randomUUID()}`;
}

/** Each test its own database; the same name opened twice stands for two tabs or a reload. */
export function openDatabase(name = newDatabaseName()): AppDatabase {
  const db = new AppDatabase(name);
  databases.push(db);
  return db;
}

/** The stored entries, which the test knows to be answers only (it fails if one is not). */
export async function answersIn(db: AppDatabase): Promise<OutboxEntry[]> {
  const all = await db.outbox.toArray();
  const answers = all.filter((entry): entry is OutboxEntry => entry.kind === 'answer');
  if (answers.length !== all.length) throw new Error('The outbox holds entries other than answers');
  return answers;
}

export async function cleanUp(): Promise<void> {
  for (const sender of senders.splice(0)) sender.stop();
  const open = databases.splice(0);
  for (const db of open) db.close();
  for (const db of open) await db.delete().catch(() => undefined);
}

/** An answer as the form would hand it over. */
export function answer(
  questionUniqueId: string,
  payload: AnswerPayload,
  overrides: Partial<AnswerInput> = {},
): AnswerInput {
  return {
    assessmentId: ASSESSMENT,
    propertyId: PROPERTY,
    questionUniqueId,
    payload,
    ssoUuid: USER_A,
    locationText: 'Søndergade 12, 2. tv, 8000 Aarhus C',
    questionTitle: `Spørgsmål ${questionUniqueId}`,
    valueText: JSON.stringify(payload),
    ...overrides,
  };
}

export interface SentRequest {
  entryId: number;
  kind: OutboxRecord['kind'];
  key: string;
  idempotencyKey: string;
  /** Empty for creates and syncs, which carry no answer. */
  payload: AnswerPayload;
}

type Behaviour = (entry: OutboxRecord) => Promise<unknown>;

/**
 * A stand-in for the syncanswer, createnewassessment and synchiddenquestions endpoints: applies
 * payloads per question, answers a repeated idempotency key from its store without applying it
 * again, creates an assessment once per client-chosen id, and fails as scripted. Assessments in
 * `known` exist; an answer or sync of an assessment that does not is a 404, as on the server.
 */
export class FakeServer {
  readonly requests: SentRequest[] = [];
  readonly answers = new Map<string, AnswerPayload>();
  readonly applied: string[] = [];
  /** Assessments that exist on the server (by id); ASSESSMENT exists from the start. */
  readonly known = new Set<string>([ASSESSMENT]);
  /** Every create the server carried out (one per new id). */
  readonly created: string[] = [];
  readonly syncs: string[] = [];
  /** Photos stored (by photoId, once per idempotency key) and deleted, in order. */
  readonly photos: string[] = [];
  readonly deletedPhotos: string[] = [];
  private readonly idempotencyStore = new Map<string, unknown>();
  private readonly script: Behaviour[] = [];

  /** The next calls behave like this, one behaviour per call, then success again. */
  then(...behaviours: Behaviour[]): this {
    this.script.push(...behaviours);
    return this;
  }

  send = async (entry: OutboxRecord): Promise<unknown> => {
    this.requests.push({
      entryId: entry.id,
      kind: entry.kind,
      key: entry.key,
      idempotencyKey: entry.idempotencyKey,
      payload: entry.kind === 'answer' ? structuredClone(entry.payload) : {},
    });
    const behaviour = this.script.shift();
    if (behaviour) return behaviour(entry);
    return this.apply(entry);
  };

  apply(entry: OutboxRecord): unknown {
    if (entry.kind === 'create') {
      // Idempotent by the id (docs/api.md "createnewassessment").
      if (!this.known.has(entry.assessmentId)) {
        this.known.add(entry.assessmentId);
        this.created.push(entry.assessmentId);
      }
      return entry.assessmentId;
    }
    // A photo of the residence itself names no assessment.
    if (entry.assessmentId !== '' && !this.known.has(entry.assessmentId))
      throw new ApiError(404, 'Not found');
    if (entry.kind === 'photo') {
      if (!this.photos.includes(entry.photoId)) this.photos.push(entry.photoId);
      return { photoId: entry.photoId };
    }
    if (entry.kind === 'deletePhoto') {
      this.deletedPhotos.push(entry.photoId);
      return undefined;
    }
    if (entry.kind === 'syncHidden') {
      this.syncs.push(entry.assessmentId);
      return '0 skjulte spørgsmål, 0 svar fjernet';
    }

    const stored = this.idempotencyStore.get(entry.idempotencyKey);
    if (stored !== undefined) return stored;
    this.answers.set(entry.key, { ...this.answers.get(entry.key), ...entry.payload });
    this.applied.push(entry.idempotencyKey);
    const response = { questions: [{ uniqueId: entry.questionUniqueId, ...this.answers.get(entry.key) }] };
    this.idempotencyStore.set(entry.idempotencyKey, response);
    return response;
  }
}

export const fail =
  (status: number, message = `HTTP ${status}`): Behaviour =>
  () =>
    Promise.reject(new ApiError(status, message));

export const networkError = fail(0, 'Failed to fetch');

/** A call that waits until the test opens the gate, then goes to the server. */
export function gate(server: FakeServer): { behaviour: Behaviour; open: () => void; entered: Promise<void> } {
  let open!: () => void;
  let entered!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const enteredPromise = new Promise<void>((resolve) => (entered = resolve));
  return {
    behaviour: async (entry) => {
      entered();
      await opened;
      return server.apply(entry);
    },
    open,
    entered: enteredPromise,
  };
}

/** A tiny Web Locks stand-in (exclusive, ifAvailable); one instance stands for one browser. */
export class TestLockManager implements OutboxLockManager {
  private readonly held = new Set<string>();
  async request(
    name: string,
    _options: { ifAvailable: true },
    callback: (lock: unknown) => Promise<boolean>,
  ) {
    if (this.held.has(name)) return callback(null);
    this.held.add(name);
    try {
      return await callback({ name, mode: 'exclusive' });
    } finally {
      this.held.delete(name);
    }
  }
}

export function sender(
  options: Partial<OutboxSenderOptions> & Pick<OutboxSenderOptions, 'db' | 'send'>,
): OutboxSender {
  const created = createOutboxSender({
    currentUser: () => USER_A,
    subscribeToSession: () => () => undefined,
    ...options,
  });
  senders.push(created);
  return created;
}

// fake-indexeddb runs its tasks with setImmediate, which fake timers leave alone.
const realSetImmediate = globalThis.setImmediate;

/** Lets IndexedDB work and promises settle (without touching the clock) until the condition holds. */
export async function settle(condition: () => boolean = () => false, maxTicks = 200): Promise<void> {
  for (let i = 0; i < maxTicks && !condition(); i++) {
    await new Promise<void>((resolve) => realSetImmediate(resolve));
  }
}

export async function settleUntil(condition: () => boolean, what: string): Promise<void> {
  await settle(condition, 2000);
  if (!condition()) throw new Error(`Timed out waiting for: ${what}`);
}
