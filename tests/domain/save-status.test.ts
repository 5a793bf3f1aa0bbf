import { describe, expect, it } from 'vitest';
import {
  enqueueRetryDelay,
  followEntries,
  saveStatus,
  storageFailureOf,
  unsentAnswerCount,
  type EnqueueState,
  type OutboxEntryState,
} from '../../src/domain/save-status';

const pending: OutboxEntryState = { state: 'pending', parkedMessage: null };
const inflight: OutboxEntryState = { state: 'inflight', parkedMessage: null };
const parked: OutboxEntryState = { state: 'parked', parkedMessage: 'Vurderingen kan ikke ændres.' };
const stored: EnqueueState = { phase: 'stored' };
const storing: EnqueueState = { phase: 'storing' };
const refused: EnqueueState = { phase: 'failed', failure: 'quota' };

describe('the save status of the answer on screen (docs/product.md 2)', () => {
  it('is empty when nothing was answered here', () => {
    expect(saveStatus({ enqueue: undefined, entry: undefined, online: true })).toEqual({ kind: 'none' });
  });

  it('says saving while the answer is stored or sent, saved on the device while offline', () => {
    expect(saveStatus({ enqueue: storing, entry: undefined, online: true }).kind).toBe('saving');
    expect(saveStatus({ enqueue: stored, entry: pending, online: true }).kind).toBe('saving');
    expect(saveStatus({ enqueue: stored, entry: inflight, online: true }).kind).toBe('saving');
    expect(saveStatus({ enqueue: stored, entry: pending, online: false }).kind).toBe('savedOnDevice');
    // An answer typed in another visit that still waits counts the same.
    expect(saveStatus({ enqueue: undefined, entry: pending, online: false }).kind).toBe('savedOnDevice');
  });

  it('says saved once the stored answer has left the outbox', () => {
    expect(saveStatus({ enqueue: stored, entry: undefined, online: true })).toEqual({ kind: 'saved' });
    // Stored after the snapshot was read: not in it yet, so waiting, not gone.
    for (const online of [true, false]) {
      expect(saveStatus({ enqueue: stored, entry: undefined, online, storedAfterSnapshot: true }).kind).toBe(
        online ? 'saving' : 'savedOnDevice',
      );
    }
    expect(saveStatus({ enqueue: stored, entry: undefined, online: false })).toEqual({ kind: 'saved' });
  });

  it("says not saved with the server's reason for a refused answer", () => {
    expect(saveStatus({ enqueue: stored, entry: parked, online: true })).toEqual({
      kind: 'parked',
      reason: 'Vurderingen kan ikke ændres.',
    });
  });

  it('never says saved when the device refused the latest edit, even with an older entry queued', () => {
    for (const entry of [undefined, pending, inflight, parked]) {
      for (const online of [true, false]) {
        expect(saveStatus({ enqueue: refused, entry, online })).toEqual({
          kind: 'notSaved',
          failure: 'quota',
        });
      }
    }
  });
});

describe('why the device refused an answer', () => {
  it('tells a full quota, also wrapped in an aborted transaction', () => {
    expect(storageFailureOf(new DOMException('full', 'QuotaExceededError'))).toBe('quota');
    const aborted = Object.assign(new Error('Transaction aborted'), {
      name: 'AbortError',
      inner: { name: 'QuotaExceededError' },
    });
    expect(storageFailureOf(aborted)).toBe('quota');
  });

  it('tells storage that is missing, blocked or closed', () => {
    for (const name of ['MissingAPIError', 'InvalidStateError', 'DatabaseClosedError', 'SecurityError']) {
      expect(storageFailureOf(Object.assign(new Error(name), { name }))).toBe('unavailable');
    }
    const openFailed = Object.assign(new Error('open'), {
      name: 'OpenFailedError',
      inner: { name: 'UnknownError' },
    });
    expect(storageFailureOf(openFailed)).toBe('unavailable');
  });

  it('calls anything else unknown', () => {
    expect(storageFailureOf(new TypeError('boom'))).toBe('unknown');
    expect(storageFailureOf('boom')).toBe('unknown');
    expect(storageFailureOf(null)).toBe('unknown');
  });
});

describe('trying a refused answer again', () => {
  it('waits 1 s, 2 s, 5 s, 10 s, then 30 s between attempts', () => {
    expect([1, 2, 3, 4, 5, 6, 50].map(enqueueRetryDelay)).toEqual([
      1_000, 2_000, 5_000, 10_000, 30_000, 30_000, 30_000,
    ]);
  });
});

describe('an answer found waiting in the outbox (after a reload)', () => {
  const A = 'a-1';
  const entry = (questionUniqueId: string, state: 'pending' | 'inflight' | 'parked', assessmentId = A) => ({
    assessmentId,
    questionUniqueId,
    state,
  });

  it('counts as sent once its entry has left the outbox', () => {
    let seen = followEntries(new Map(), [entry('Q1', 'pending'), entry('Q2', 'inflight')], A);
    expect([...seen]).toEqual([
      ['Q1', 'queued'],
      ['Q2', 'queued'],
    ]);
    seen = followEntries(seen, [entry('Q2', 'inflight')], A);
    expect(seen.get('Q1')).toBe('sent');
    expect(seen.get('Q2')).toBe('queued');
    expect(saveStatus({ enqueue: undefined, entry: undefined, online: true, sent: true })).toEqual({
      kind: 'saved',
    });
  });

  it('does not call a refused answer that was discarded sent', () => {
    let seen = followEntries(new Map(), [entry('Q1', 'pending')], A);
    seen = followEntries(seen, [entry('Q1', 'parked')], A);
    seen = followEntries(seen, [], A);
    expect(seen.has('Q1')).toBe(false);
  });

  it('follows a new edit of a sent answer, ignores other assessments and keeps an unchanged map', () => {
    let seen = followEntries(new Map(), [entry('Q1', 'pending'), entry('Q9', 'pending', 'a-2')], A);
    expect([...seen.keys()]).toEqual(['Q1']);
    seen = followEntries(seen, [], A);
    seen = followEntries(seen, [entry('Q1', 'pending')], A);
    expect(seen.get('Q1')).toBe('queued');
    expect(followEntries(seen, [entry('Q1', 'inflight')], A)).toBe(seen);
  });
});

describe('the answers the save-or-close dialog counts as not sent', () => {
  const entry = (questionUniqueId: string, state: string) => ({ questionUniqueId, state });

  it('counts the waiting entries of the outbox, not the parked ones', () => {
    expect(unsentAnswerCount([entry('A', 'pending'), entry('B', 'inflight'), entry('C', 'parked')], [])).toBe(
      2,
    );
  });

  it('counts an answer stored after the outbox was read, before the outbox shows it', () => {
    expect(unsentAnswerCount([], ['A'])).toBe(1);
    expect(unsentAnswerCount([entry('B', 'pending')], ['A'])).toBe(2);
  });

  it('counts a question once when the outbox already shows it waiting', () => {
    expect(unsentAnswerCount([entry('A', 'pending')], ['A'])).toBe(1);
  });

  it('counts a parked question stored again since as waiting: the snapshot is older', () => {
    expect(unsentAnswerCount([entry('A', 'parked')], ['A'])).toBe(1);
  });
});
