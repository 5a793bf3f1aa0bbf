/**
 * What the form says about the answer on screen (docs/product.md 2 "The assessment form";
 * docs/architecture.md 2 "Save status"). Pure: the form hands in the outbox entry of the
 * question, whether the browser is online and how its own last attempt to store the answer on
 * the device went; the rule decides the one status shown.
 */

/** Why the device refused to store an answer (shown in Danish beside "Ikke gemt"). */
export type StorageFailure =
  /** The storage quota is used up. */
  | 'quota'
  /** IndexedDB is missing, blocked or closed (private mode, storage turned off). */
  | 'unavailable'
  /** Anything else the database threw. */
  | 'unknown';

/** Whether answers can be stored on this device: unknown until the database opened or failed to. */
export type DeviceStorage =
  { state: 'checking' } | { state: 'usable' } | { state: 'unusable'; failure: StorageFailure };

/**
 * The form's own attempt to put the latest edit of a question into the outbox. While a refused
 * answer is tried again, `storing` keeps the refusal's reason: the answer is still not saved.
 */
export type EnqueueState =
  | { phase: 'storing'; failure?: StorageFailure }
  | { phase: 'stored' }
  | { phase: 'failed'; failure: StorageFailure };

/** The reason a question's answer is not saved, if it was refused (also while tried again). */
export const refusalOf = (state: EnqueueState | undefined): StorageFailure | undefined =>
  state?.phase === 'stored' ? undefined : state?.failure;

/** The question's outbox entry as far as the status is concerned (the newest one). */
export interface OutboxEntryState {
  state: 'pending' | 'inflight' | 'parked';
  parkedMessage: string | null;
}

export type SaveStatus =
  | { kind: 'none' }
  | { kind: 'saving' }
  /** Waiting in the outbox for a connection, or for a new sign-in (the token ended). */
  | { kind: 'savedOnDevice'; until?: 'signIn' }
  | { kind: 'saved' }
  | { kind: 'parked'; reason: string }
  | { kind: 'notSaved'; failure: StorageFailure };

/**
 * The status of one question's answer:
 * - the latest edit could not be stored on the device: not saved, with the reason (nothing
 *   else may claim it is saved, not even an older entry of the same question);
 * - it is being stored: saving;
 * - the server refused the queued answer: not saved, with the server's reason;
 * - it waits in the outbox: saving while online, saved on the device while offline or until
 *   the user signs in again (the token ended); an answer
 *   stored after the outbox snapshot was read waits too, though the snapshot does not show it
 *   yet (it cannot have been sent before the snapshot that shows it gone);
 * - it was stored here, or seen waiting in the outbox in this visit (after a reload the form
 *   has no attempt of its own, only the entry), and has left the outbox (the server took it):
 *   saved;
 * - otherwise nothing was answered here: no status.
 */
export function saveStatus(input: {
  enqueue: EnqueueState | undefined;
  entry: OutboxEntryState | undefined;
  online: boolean;
  /** The token ended (docs/product.md "Session"): nothing is sent until the user signs in again. */
  signInNeeded?: boolean;
  /** The question's entry was seen waiting and has left the outbox (`followEntries`). */
  sent?: boolean;
  /** The latest edit was stored after the outbox snapshot's read began (answersNotInSnapshot). */
  storedAfterSnapshot?: boolean;
}): SaveStatus {
  const { enqueue, entry, online } = input;
  if (enqueue?.phase === 'failed') return { kind: 'notSaved', failure: enqueue.failure };
  if (enqueue?.phase === 'storing') return { kind: 'saving' };
  if (entry?.state === 'parked') return { kind: 'parked', reason: entry.parkedMessage ?? '' };
  if (entry || (enqueue?.phase === 'stored' && input.storedAfterSnapshot)) {
    if (input.signInNeeded) return { kind: 'savedOnDevice', until: 'signIn' };
    return online ? { kind: 'saving' } : { kind: 'savedOnDevice' };
  }
  if (enqueue?.phase === 'stored' || input.sent) return { kind: 'saved' };
  return { kind: 'none' };
}

/** What the form last saw of a question's outbox entry in this visit. */
export type SeenEntry = 'queued' | 'parked' | 'sent';

/**
 * The form's record of the outbox entries of its assessment, one step on: an entry seen pending
 * or in flight that is gone now was sent (the sender removes an entry only when the server took
 * it; a refused one is parked and stays until the user discards it, which is not "saved").
 * Answers the same map when nothing changed.
 */
export function followEntries(
  seen: ReadonlyMap<string, SeenEntry>,
  entries: readonly { assessmentId: string; questionUniqueId: string; state: OutboxEntryState['state'] }[],
  assessmentId: string,
): ReadonlyMap<string, SeenEntry> {
  const now = new Map<string, SeenEntry>();
  for (const e of entries) {
    if (e.assessmentId !== assessmentId) continue;
    // The newest entry of a question decides (entries come in sending order).
    now.set(e.questionUniqueId, e.state === 'parked' ? 'parked' : 'queued');
  }
  const next = new Map<string, SeenEntry>();
  for (const [uniqueId, last] of seen) {
    if (now.has(uniqueId)) continue;
    if (last !== 'parked') next.set(uniqueId, 'sent');
  }
  for (const [uniqueId, state] of now) next.set(uniqueId, state);
  const same = next.size === seen.size && [...next].every(([k, v]) => seen.get(k) === v);
  return same ? seen : next;
}

const QUOTA_NAMES = new Set(['QuotaExceededError']);
const UNAVAILABLE_NAMES = new Set([
  'MissingAPIError',
  'InvalidStateError',
  'DatabaseClosedError',
  'OpenFailedError',
  'SecurityError',
  'InvalidAccessError',
  'UnknownError',
  'VersionError',
]);

/**
 * The kind of a storage error by its name, also when IndexedDB's error is wrapped (Dexie puts
 * the browser's error in `inner`; an aborted transaction carries the quota error there).
 */
export function storageFailureOf(error: unknown): StorageFailure {
  const names: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const { name, inner } = current as { name?: unknown; inner?: unknown };
    if (typeof name === 'string') names.push(name);
    current = inner;
  }
  if (names.some((n) => QUOTA_NAMES.has(n))) return 'quota';
  if (names.some((n) => UNAVAILABLE_NAMES.has(n))) return 'unavailable';
  return 'unknown';
}

/** The form tries again to store an answer the device refused: after 1 s, 2 s, 5 s, 10 s, then every 30 s. */
export const ENQUEUE_RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;

/** The wait before the next attempt after `failures` failed ones (1 or more). */
export function enqueueRetryDelay(failures: number): number {
  const index = Math.min(Math.max(failures, 1), ENQUEUE_RETRY_DELAYS_MS.length) - 1;
  return ENQUEUE_RETRY_DELAYS_MS[index]!;
}

/**
 * The answers of an assessment stored on the device and not sent yet, as the save-or-close
 * dialog counts them: the outbox's waiting entries, and the answers the form stored after the
 * outbox's live snapshot was read. The snapshot shows those a moment later; counted from it
 * alone, a dialog opened right after an answer said "Dine svar er gemt" without the count.
 */
export function unsentAnswerCount(
  entries: readonly { questionUniqueId: string; state: string }[],
  storedAfterSnapshot: Iterable<string>,
): number {
  // A parked entry of a question stored again since is the snapshot's past: the store waits.
  const unparked = entries.filter((entry) => entry.state !== 'parked');
  const waiting = new Set(unparked.map((entry) => entry.questionUniqueId));
  let count = unparked.length;
  for (const uniqueId of storedAfterSnapshot) if (!waiting.has(uniqueId)) count += 1;
  return count;
}
