// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ApiError, apiRequest, apiUrl, parseRetryAfter } from '../../src/api/http';
import { MAX_TIMEOUT_RETRIES, shouldRetry } from '../../src/api/retry';
import { tokenStore } from '../../src/api/token-store';
import { tokenCookie } from '../../src/offline/cookies';

function base64url(value: string): string {
  return Buffer.from(value, 'utf8').toString('base64url');
}

/** A real (unsigned) JWT-shaped token: base64url header.payload.signature. */
function makeToken(claims: Record<string, unknown>): string {
  return `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}.${base64url('signature')}`;
}

const nowS = () => Math.floor(Date.now() / 1000);

type FetchMock = Mock<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>;

function stubFetch(
  respond: (input: RequestInfo | URL, init?: RequestInit) => Response | Promise<Response>,
): FetchMock {
  const mock: FetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => respond(input, init));
  vi.stubGlobal('fetch', mock);
  return mock;
}

function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'Content-Type': 'application/json', ...(init.headers as Record<string, string> | undefined) },
  });
}

function headersOf(mock: FetchMock, call = 0): Record<string, string> {
  return (mock.mock.calls[call]![1]!.headers ?? {}) as Record<string, string>;
}

function urlOf(mock: FetchMock, call = 0): URL {
  return new URL(String(mock.mock.calls[call]![0]), location.origin);
}

async function apiErrorOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the request to fail');
}

beforeEach(() => {
  tokenStore.clear();
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  tokenStore.clear();
});

describe('apiRequest: what every call sends (docs/product.md 7)', () => {
  it('sends the bearer token from the token cookie, JSON and same-origin credentials', async () => {
    const token = makeToken({ exp: nowS() + 3600, sso_uuid: 'user-a' });
    tokenCookie.write(token, nowS() + 3600);
    const fetchMock = stubFetch(() => json({ userName: 'Åse' }));

    const result = await apiRequest<{ userName: string }>('/api/v2/userinfo');

    expect(result).toEqual({ userName: 'Åse' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('same-origin');
    expect(headersOf(fetchMock).Authorization).toBe(`Bearer ${token}`);
    expect(headersOf(fetchMock).Accept).toBe('application/json');
    expect(urlOf(fetchMock).pathname).toBe('/api/v2/userinfo');
  });

  it('sends no Authorization header without a token', async () => {
    const fetchMock = stubFetch(() => json({ ok: true }));
    await apiRequest('/api/v2/staticcontent');
    expect(headersOf(fetchMock)).not.toHaveProperty('Authorization');
  });

  it('sends a POST body as JSON with a JSON content type', async () => {
    const fetchMock = stubFetch(() => json({ jobId: 'job-1' }));
    const body = { propertyIds: ['p1', 'p2'], isFakeJob: false, sourceAssessmentIdToCopyFrom: 'a1' };
    await apiRequest('/api/v2/assessment/copyassessments', { method: 'POST', body });
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.method).toBe('POST');
    expect(headersOf(fetchMock)['Content-Type']).toBe('application/json');
    expect(JSON.parse(String(init.body))).toEqual(body);
  });

  it('encodes query parameters and leaves out null and undefined', async () => {
    const fetchMock = stubFetch(() => json([]));
    await apiRequest('/api/v2/properties/search', {
      query: {
        query: 'Æblevej 2 & 3/4?x=#ø',
        size: 15,
        page: 0,
        flag: false,
        organizationId: undefined,
        other: null,
      },
    });
    const url = urlOf(fetchMock);
    expect(url.pathname).toBe('/api/v2/properties/search');
    expect(url.searchParams.get('query')).toBe('Æblevej 2 & 3/4?x=#ø');
    expect(url.searchParams.get('size')).toBe('15');
    expect(url.searchParams.get('page')).toBe('0');
    expect(url.searchParams.get('flag')).toBe('false');
    expect(url.searchParams.has('organizationId')).toBe(false);
    expect(url.searchParams.has('other')).toBe(false);
    // Nothing raw in the URL: the & and # are encoded.
    const raw = String(fetchMock.mock.calls[0]![0]);
    expect(raw).not.toContain('#');
    expect(raw.split('&')).toHaveLength(4);
  });

  it('builds same-origin relative URLs by default', () => {
    expect(apiUrl('/api/v2/questions', { assessmentId: 'a 1' })).toBe('/api/v2/questions?assessmentId=a+1');
  });

  it('returns text responses as text', async () => {
    stubFetch(() => new Response('ok', { status: 200 }));
    await expect(
      apiRequest<string>('/api/v2/assessment/synchiddenquestions', { responseType: 'text' }),
    ).resolves.toBe('ok');
  });
});

describe('apiRequest: Set-Authorization replaces the stored token (docs/product.md 4 and 7)', () => {
  it('stores the renewed token, its exp and notifies subscribers', async () => {
    const oldExp = nowS() + 600;
    const oldToken = makeToken({ exp: oldExp, sso_uuid: 'user-a' });
    tokenStore.set(oldToken);
    const newExp = nowS() + 7200;
    const newToken = makeToken({ exp: newExp, sso_uuid: 'user-a' });
    const seen: (string | null)[] = [];
    const unsubscribe = tokenStore.subscribe((t) => seen.push(t));
    const fetchMock = stubFetch(() => json({ ok: true }, { headers: { 'Set-Authorization': newToken } }));

    try {
      await apiRequest('/api/v2/userinfo');
    } finally {
      unsubscribe();
    }

    expect(headersOf(fetchMock).Authorization).toBe(`Bearer ${oldToken}`);
    expect(tokenStore.get()).toBe(newToken);
    expect(tokenCookie.read()).toBe(newToken);
    expect(tokenStore.claims()).toEqual({ exp: newExp, sso_uuid: 'user-a' });
    expect(tokenStore.lastExp()).toBe(newExp);
    expect(seen).toEqual([newToken]);
  });

  it('the next call uses the renewed token', async () => {
    tokenStore.set(makeToken({ exp: nowS() + 600, sso_uuid: 'u' }));
    const renewed = makeToken({ exp: nowS() + 3600, sso_uuid: 'u' });
    let call = 0;
    const fetchMock = stubFetch(() =>
      call++ === 0 ? json({}, { headers: { 'Set-Authorization': renewed } }) : json({}),
    );
    await apiRequest('/api/v2/userinfo');
    await apiRequest('/api/v2/userinfo');
    expect(headersOf(fetchMock, 1).Authorization).toBe(`Bearer ${renewed}`);
  });

  it('keeps the current token when the renewal is not a valid token, and the call still succeeds', async () => {
    const current = makeToken({ exp: nowS() + 600, sso_uuid: 'u' });
    tokenStore.set(current);
    stubFetch(() => json({ value: 1 }, { headers: { 'Set-Authorization': 'not-a-jwt' } }));
    await expect(apiRequest('/api/v2/userinfo')).resolves.toEqual({ value: 1 });
    expect(tokenStore.get()).toBe(current);
  });

  it('keeps the current token when the renewal lacks sso_uuid', async () => {
    const current = makeToken({ exp: nowS() + 600, sso_uuid: 'u' });
    tokenStore.set(current);
    stubFetch(() => json({}, { headers: { 'Set-Authorization': makeToken({ exp: nowS() + 9999 }) } }));
    await apiRequest('/api/v2/userinfo');
    expect(tokenStore.get()).toBe(current);
  });
});

describe('apiRequest: a late reply renews nothing', () => {
  /** A reply the test releases when it wants, renewing the token it was sent with. */
  function delayedReply(renewed: string) {
    let release!: () => void;
    stubFetch(
      () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(json({ ok: true }, { headers: { 'Set-Authorization': renewed } }));
        }),
    );
    return () => release();
  }

  it('after a logout the cookie stays empty', async () => {
    const a = makeToken({ sso_uuid: 'user-a', exp: nowS() + 3600 });
    tokenStore.set(a);
    const release = delayedReply(makeToken({ sso_uuid: 'user-a', exp: nowS() + 7200 }));
    const call = apiRequest('/api/v2/sync/syncanswer', { method: 'POST', body: {} });
    tokenStore.clear();
    release();
    await expect(call).resolves.toEqual({ ok: true });
    expect(tokenStore.get()).toBeNull();
    expect(document.cookie).not.toContain('authentication_token=ey');
  });

  it("after another user signed in, the cookie keeps that user's token", async () => {
    tokenStore.set(makeToken({ sso_uuid: 'user-a', exp: nowS() + 3600 }));
    const release = delayedReply(makeToken({ sso_uuid: 'user-a', exp: nowS() + 7200 }));
    const call = apiRequest('/api/v2/sync/syncanswer', { method: 'POST', body: {} });
    const b = makeToken({ sso_uuid: 'user-b', exp: nowS() + 3600 });
    tokenStore.set(b);
    release();
    await call;
    expect(tokenStore.get()).toBe(b);
  });

  it('while the session that sent it is still current, the renewal is taken', async () => {
    tokenStore.set(makeToken({ sso_uuid: 'user-a', exp: nowS() + 3600 }));
    const renewed = makeToken({ sso_uuid: 'user-a', exp: nowS() + 7200 });
    const release = delayedReply(renewed);
    const call = apiRequest('/api/v2/userinfo');
    release();
    await call;
    expect(tokenStore.get()).toBe(renewed);
  });
});

describe('apiRequest: a refused token is dropped, the device session goes on', () => {
  it('a 401 to the current token drops it and keeps whose session the device holds', async () => {
    tokenStore.set(makeToken({ sso_uuid: 'user-a', exp: nowS() + 3600, session_exp: nowS() + 7200 }));
    const seen: (string | null)[] = [];
    const unsubscribe = tokenStore.subscribe((t) => seen.push(t));
    stubFetch(() => json({ message: 'Token expired', code: 'TOKEN_EXPIRED' }, { status: 401 }));
    await apiErrorOf(apiRequest('/api/v2/userinfo'));
    unsubscribe();
    expect(tokenStore.get()).toBeNull();
    expect(tokenStore.user()).toBe('user-a');
    expect(tokenStore.state()).toBe('renew');
    // Not a logout: nothing that listens for the end of the session was told.
    expect(seen).toEqual([]);
  });

  it('a 401 to a token that is no longer the current one drops nothing', async () => {
    tokenStore.set(makeToken({ sso_uuid: 'user-a', exp: nowS() + 3600 }));
    let release!: () => void;
    stubFetch(
      () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(json({ message: 'expired' }, { status: 401 }));
        }),
    );
    const call = apiRequest('/api/v2/userinfo');
    const newer = makeToken({ sso_uuid: 'user-a', exp: nowS() + 7200 });
    tokenStore.set(newer);
    release();
    await apiErrorOf(call);
    expect(tokenStore.get()).toBe(newer);
  });

  it('logout ends the device session too', () => {
    tokenStore.set(makeToken({ sso_uuid: 'user-a', exp: nowS() + 3600 }));
    tokenStore.clear();
    expect(tokenStore.user()).toBeNull();
    expect(tokenStore.state()).toBe('missing');
  });
});

describe('apiRequest: errors (docs/product.md 8)', () => {
  it('turns 401 into an ApiError that is an auth failure', async () => {
    stubFetch(() => json({ message: 'Unauthorized' }, { status: 401, statusText: 'Unauthorized' }));
    const error = await apiErrorOf(apiRequest('/api/v2/userinfo'));
    expect(error.status).toBe(401);
    expect(error.isAuthFailure).toBe(true);
    expect(error.isNetworkFailure).toBe(false);
    expect(error.message).toBe('Unauthorized');
  });

  it('turns 403 into an auth failure too', async () => {
    stubFetch(() => new Response('', { status: 403, statusText: 'Forbidden' }));
    const error = await apiErrorOf(apiRequest('/api/v2/userinfo'));
    expect(error.status).toBe(403);
    expect(error.isAuthFailure).toBe(true);
  });

  it('turns 500 into an ApiError with the server message and body', async () => {
    stubFetch(() => json({ message: 'Database utilgængelig', code: 'db' }, { status: 500 }));
    const error = await apiErrorOf(apiRequest('/api/v2/organizations/getorganizations'));
    expect(error.status).toBe(500);
    expect(error.isAuthFailure).toBe(false);
    expect(error.message).toBe('Database utilgængelig');
    expect(error.body).toEqual({ message: 'Database utilgængelig', code: 'db' });
    expect(error.name).toBe('ApiError');
  });

  it("keeps a 429's Retry-After as the wait the server asked for", async () => {
    stubFetch(() =>
      json(
        { message: 'Too many requests', code: 'RATE_LIMITED' },
        { status: 429, headers: { 'Retry-After': '37' } },
      ),
    );
    const error = await apiErrorOf(apiRequest('/api/v2/sync/syncanswer', { method: 'POST', body: {} }));
    expect(error.status).toBe(429);
    expect(error.retryAfterMs).toBe(37_000);
  });

  it('reads Retry-After as seconds or an HTTP date, and ignores what it cannot read', () => {
    const now = Date.parse('2026-11-24T10:00:00Z');
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter(' 120 ', now)).toBe(120_000);
    expect(parseRetryAfter('Tue, 24 Nov 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Tue, 24 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-5', now)).toBeUndefined();
  });

  it('turns any other non-200 success status into an ApiError', async () => {
    stubFetch(() => json({ created: true }, { status: 201 }));
    const error = await apiErrorOf(apiRequest('/api/v2/x'));
    expect(error.status).toBe(201);
  });

  it('turns a 200 with an empty body into an ApiError', async () => {
    stubFetch(() => new Response('', { status: 200 }));
    const error = await apiErrorOf(apiRequest('/api/v2/properties/availabledepartments'));
    expect(error.status).toBe(200);
  });

  it('turns a 200 with a body that is not JSON into an ApiError', async () => {
    stubFetch(() => new Response('<html>', { status: 200 }));
    await apiErrorOf(apiRequest('/api/v2/userinfo'));
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await apiErrorOf(apiRequest('/api/v2/userinfo'));
    expect(error.status).toBe(0);
    expect(error.isNetworkFailure).toBe(true);
    expect(error.isAuthFailure).toBe(false);
  });

  it('lets an abort through as an abort, not as a network failure', async () => {
    stubFetch(() => {
      throw new DOMException('The operation was aborted.', 'AbortError');
    });
    await expect(apiRequest('/api/v2/userinfo')).rejects.toMatchObject({ name: 'AbortError' });
    await expect(apiRequest('/api/v2/userinfo')).rejects.not.toBeInstanceOf(ApiError);
  });

  it('fails a call the network never answers at its time-out, as a network failure', async () => {
    vi.useFakeTimers();
    try {
      stubFetch(
        (_input, init) =>
          new Promise<Response>((_resolve, reject) =>
            init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
          ),
      );
      const call = apiRequest('/api/v2/userinfo', { timeoutMs: 5_000 });
      const settled = call.catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(4_999);
      let done = false;
      void settled.then(() => (done = true));
      await Promise.resolve();
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const error = await settled;
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).isNetworkFailure).toBe(true);
      expect((error as ApiError).message).toBe('Timeout');
    } finally {
      vi.useRealTimers();
    }
  });

  it("still lets the caller's own abort through as an abort", async () => {
    stubFetch(
      (_input, init) =>
        new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const controller = new AbortController();
    const call = apiRequest('/api/v2/userinfo', { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('takes a renewed token even from an error response', async () => {
    tokenStore.set(makeToken({ exp: nowS() + 600, sso_uuid: 'u' }));
    const renewed = makeToken({ exp: nowS() + 3600, sso_uuid: 'u' });
    stubFetch(() => json({ message: 'nope' }, { status: 409, headers: { 'Set-Authorization': renewed } }));
    await apiErrorOf(apiRequest('/api/v2/x'));
    expect(tokenStore.get()).toBe(renewed);
  });
});

describe('retry rule (docs/product.md 7: up to 20 times, only on 408)', () => {
  it('retries 408 up to 20 times', () => {
    expect(MAX_TIMEOUT_RETRIES).toBe(20);
    const timeout = new ApiError(408, 'Request Timeout');
    for (let failureCount = 0; failureCount < 20; failureCount++) {
      expect(shouldRetry(failureCount, timeout)).toBe(true);
    }
    expect(shouldRetry(20, timeout)).toBe(false);
    expect(shouldRetry(21, timeout)).toBe(false);
  });

  it('never retries other statuses or network failures', () => {
    for (const status of [0, 400, 401, 403, 404, 429, 500, 502, 503]) {
      expect(shouldRetry(0, new ApiError(status, 'x'))).toBe(false);
    }
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(false);
    expect(shouldRetry(0, new Error('x'))).toBe(false);
    expect(shouldRetry(0, null)).toBe(false);
  });

  it('with TanStack Query a query answered 408 is fetched 21 times (1 + 20 retries)', async () => {
    const fetchMock = stubFetch(() => new Response('', { status: 408, statusText: 'Request Timeout' }));
    const client = new QueryClient({ defaultOptions: { queries: { retry: shouldRetry, retryDelay: 0 } } });
    try {
      await expect(
        client.fetchQuery({ queryKey: ['slow'], queryFn: () => apiRequest('/api/v2/slow') }),
      ).rejects.toMatchObject({ status: 408 });
    } finally {
      client.clear();
    }
    expect(fetchMock).toHaveBeenCalledTimes(MAX_TIMEOUT_RETRIES + 1);
  });

  it('with TanStack Query a 500 and a 401 are fetched once', async () => {
    for (const status of [500, 401]) {
      const fetchMock = stubFetch(() => new Response('', { status }));
      const client = new QueryClient({ defaultOptions: { queries: { retry: shouldRetry, retryDelay: 0 } } });
      try {
        await expect(
          client.fetchQuery({ queryKey: ['x', status], queryFn: () => apiRequest('/api/v2/x') }),
        ).rejects.toMatchObject({ status });
      } finally {
        client.clear();
      }
      expect(fetchMock).toHaveBeenCalledTimes(1);
    }
  });
});
