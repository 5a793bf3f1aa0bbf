// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokenSource, type TokenSource } from '../../src/api/http';
import { sendOutboxInBackground } from '../../src/offline/background-sync';
import { readSessionToken, storeSessionToken } from '../../src/offline/credentials';
import { AppDatabase } from '../../src/offline/db';
import { enqueueAnswer, finishAttempt, listEntries } from '../../src/offline/outbox';

/**
 * Sending with the app closed (docs/architecture.md 2 "Outbox rules"): the service worker's round
 * of the outbox, with the token the page left in IndexedDB. The browser part (the sync event, the
 * worker with no page open) is e2e/background-sync.spec.ts.
 */

const USER = '20000000-0000-4000-8000-000000000001';

function token(claims: Record<string, unknown>): string {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.c2ln`;
}

const TOKEN = token({ sso_uuid: USER, exp: Math.floor(Date.now() / 1000) + 3600 });

let db: AppDatabase;
let pageSource: TokenSource;

beforeEach(() => {
  db = new AppDatabase(`background-sync-${crypto.randomUUID()}`);
  // Whatever source the module had: put back after each test, as the page's.
  pageSource = { get: () => null, renewed: () => undefined, refused: () => undefined };
});

afterEach(async () => {
  setTokenSource(pageSource);
  vi.unstubAllGlobals();
  db.close();
  await db.delete();
});

async function queueAnswers(count: number): Promise<void> {
  for (let i = 1; i <= count; i++) {
    await enqueueAnswer(db, {
      assessmentId: 'a-1',
      propertyId: 'p-1',
      questionUniqueId: `S0${i}`,
      payload: { values: ['ja'] },
      ssoUuid: USER,
      locationText: 'Vestergade 8',
      questionTitle: `00${i}. Spørgsmål`,
      valueText: 'Ja',
    });
  }
}

const jsonAnswer = (status: number, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(status === 200 ? [] : { message: 'nej', code: 'X' }), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

describe('the service worker sends the outbox (Background Sync)', () => {
  it('sends every answer due, in order, with the stored token and its idempotency keys, at once after a backoff', async () => {
    await queueAnswers(3);
    // The page tried while offline: the first waits for its backoff, which the sync clears.
    const [first] = await listEntries(db, USER);
    await finishAttempt(
      db,
      first!,
      { state: 'pending', attempts: 2, nextAttemptAt: Date.now() + 60_000, lastError: 'Failed to fetch' },
      Date.now(),
    );
    await storeSessionToken(db, { token: TOKEN, ssoUuid: USER });
    const renewed = token({ sso_uuid: USER, exp: Math.floor(Date.now() / 1000) + 7200 });
    const fetchMock = vi.fn(async () => jsonAnswer(200, { 'Set-Authorization': renewed }));
    vi.stubGlobal('fetch', fetchMock);

    await expect(sendOutboxInBackground(db)).resolves.toBe('done');

    expect(fetchMock).toHaveBeenCalledTimes(3);
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][];
    const headers = calls.map(([, init]) => init.headers as Record<string, string>);
    expect(headers[0]!.Authorization).toBe(`Bearer ${TOKEN}`);
    // The renewal is used from the next request on, and kept for the next round.
    expect(headers[2]!.Authorization).toBe(`Bearer ${renewed}`);
    expect(new Set(headers.map((h) => h['Idempotency-Key'])).size).toBe(3);
    expect(await listEntries(db, USER)).toEqual([]);
    expect((await readSessionToken(db))?.token).toBe(renewed);
  });

  it('pauses on a 401: the answers wait for a new sign-in, and the refused token is gone', async () => {
    await queueAnswers(2);
    await storeSessionToken(db, { token: TOKEN, ssoUuid: USER });
    const fetchMock = vi.fn(async () => jsonAnswer(401));
    vi.stubGlobal('fetch', fetchMock);
    await expect(sendOutboxInBackground(db)).resolves.toBe('done');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((await listEntries(db, USER)).map((e) => e.state)).toEqual(['pending', 'pending']);
    expect(await readSessionToken(db)).toBeNull();
  });

  it('parks a refused answer (403) and goes on with the next', async () => {
    await queueAnswers(2);
    await storeSessionToken(db, { token: TOKEN, ssoUuid: USER });
    const fetchMock = vi.fn().mockResolvedValueOnce(jsonAnswer(403)).mockResolvedValueOnce(jsonAnswer(200));
    vi.stubGlobal('fetch', fetchMock);
    await expect(sendOutboxInBackground(db)).resolves.toBe('done');
    expect((await listEntries(db, USER)).map((e) => e.state)).toEqual(['parked']);
  });

  it('asks the browser to try again when the network still fails', async () => {
    await queueAnswers(1);
    await storeSessionToken(db, { token: TOKEN, ssoUuid: USER });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(sendOutboxInBackground(db)).resolves.toBe('retry');
    expect(await listEntries(db, USER)).toHaveLength(1);
  });

  it('sends nothing without a stored token (after a logout): the next start of the app does', async () => {
    await queueAnswers(1);
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await expect(sendOutboxInBackground(db)).resolves.toBe('done');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
