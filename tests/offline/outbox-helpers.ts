import { ApiError } from '../../src/api/http';
import { AppDatabase, type AnswerPayload, type OutboxEntry } from '../../src/offline/db';
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
  key: string;
  idempotencyKey: string;
  payload: AnswerPayload;
}

type Behaviour = (entry: OutboxEntry) => Promise<unknown>;

/**
 * A stand-in for the syncanswer endpoint: applies payloads per question, answers a repeated
 * idempotency key from its store without applying it again, and fails as scripted.
 */
export class FakeServer {
  readonly requests: SentRequest[] = [];
  readonly answers = new Map<string, AnswerPayload>();
  readonly applied: string[] = [];
  private readonly idempotencyStore = new Map<string, unknown>();
  private readonly script: Behaviour[] = [];

  /** The next calls behave like this, one behaviour per call, then success again. */
  then(...behaviours: Behaviour[]): this {
    this.script.push(...behaviours);
    return this;
  }

  send = async (entry: OutboxEntry): Promise<unknown> => {
    this.requests.push({
      entryId: entry.id,
      key: entry.key,
      idempotencyKey: entry.idempotencyKey,
      payload: structuredClone(entry.payload),
    });
    const behaviour = this.script.shift();
    if (behaviour) return behaviour(entry);
    return this.apply(entry);
  };

  apply(entry: OutboxEntry): unknown {
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
