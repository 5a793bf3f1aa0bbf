import type { ErrorBody } from '../../shared/contract/dto';
import { API_BASE_URL } from './api-base';
import { connectivity } from './connectivity';
import { takeEarlyResponse } from './early-responses';
import { tokenStore } from './token-store';

/** A failed call: `status` is the HTTP status, 0 when the network failed. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
    /** How long the server asked the client to wait (a 429's or 503's `Retry-After`), in ms. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The server's error code (`{ message, code }`, docs/api.md "Conventions"), if it gave one. */
  get code(): ErrorBody['code'] | undefined {
    // What arrived, read as the contract's error body: either field may be missing.
    const code = (this.body as Partial<ErrorBody> | null | undefined)?.code;
    return typeof code === 'string' ? code : undefined;
  }

  get isAuthFailure(): boolean {
    return this.status === 401 || this.status === 403;
  }

  get isNetworkFailure(): boolean {
    return this.status === 0;
  }
}

/**
 * Where calls get their token and leave what the server said of it: the page's token store, or
 * in the service worker, which has no cookies, the copy it keeps in IndexedDB (src/sw.ts,
 * docs/architecture.md 2 "Sending with the app closed").
 */
export interface TokenSource {
  get(): string | null;
  /** The server renewed the token a call was sent with (`sent`). */
  renewed(token: string, sent: string): void;
  /** The server does not take the token a call was sent with (401). */
  refused(sent: string): void;
}

/**
 * The page's: a renewal belongs to the session that sent the request, so a reply that arrives
 * after a logout, or after another user signed in, does not bring the old session back; a 401
 * drops the token and the session on the device asks for a new sign-in instead of ending
 * (docs/product.md "Session"). Only the current token: a late reply to an older one says nothing
 * of it.
 */
const pageTokens: TokenSource = {
  get: () => tokenStore.get(),
  renewed(token, sent) {
    if (tokenStore.get() !== sent) return;
    try {
      tokenStore.set(token);
    } catch {
      // A broken renewal must not fail the call; the current token stays until it expires.
    }
  },
  refused(sent) {
    if (tokenStore.get() === sent) tokenStore.drop();
  },
};
let tokenSource: TokenSource = pageTokens;

/** The service worker hands in its own source (it has no cookies). */
export function setTokenSource(source: TokenSource): void {
  tokenSource = source;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * Text responses (synchiddenquestions), bytes (a photo), nothing (a DELETE's 204); JSON
   * otherwise. A FormData body (a photo's upload) goes as multipart, everything else as JSON.
   */
  responseType?: 'json' | 'text' | 'blob' | 'none';
  /** How long the whole call may take before it fails as a network failure (default 20 s). */
  timeoutMs?: number;
}

/**
 * How long a call may take, from sending to the last byte of its answer (docs/architecture.md 2,
 * "Lie-fi is offline"): a connection that passes nothing must fail the call, not leave it
 * hanging, so that the cached copy shows and the app counts as offline.
 */
export const REQUEST_TIMEOUT_MS = 20_000;

export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = new URL(`${API_BASE_URL}${path}`, location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  return API_BASE_URL ? url.toString() : `${url.pathname}${url.search}`;
}

/**
 * A `Retry-After` header (seconds, or an HTTP date) as milliseconds from `now`; undefined when
 * there is none or it cannot be read.
 */
export function parseRetryAfter(header: string | null, now: number = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // An HTTP date names its day and month; Date.parse alone would take "-5" for a year.
  const at = /^[a-z]{3}/i.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

async function errorMessage(response: Response): Promise<{ message: string; body?: unknown }> {
  try {
    const body: unknown = await response.json();
    const message = (body as Partial<ErrorBody>).message;
    return { message: typeof message === 'string' ? message : response.statusText, body };
  } catch {
    return { message: response.statusText || `HTTP ${response.status}` };
  }
}

/**
 * Every call to the API (docs/product.md 7): bearer token, JSON, same-origin credentials; a
 * Set-Authorization header replaces the stored token; any non-200 or empty answer is an
 * ApiError (docs/product.md 8).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiResponse<T>(path, options)).body;
}

/** apiRequest with the answer's headers, for a call whose answer says more in them (docs/api.md). */
export async function apiResponse<T>(
  path: string,
  options: RequestOptions = {},
): Promise<{ body: T; headers: Headers }> {
  const token = tokenSource.get();
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (token) headers.Authorization = `Bearer ${token}`;
  const multipart = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';

  const url = apiUrl(path, options.query);
  // The caller's signal and the time-out both end the call; only the caller's is an abort.
  const controller = new AbortController();
  const callerSignal = options.signal;
  const onCallerAbort = () => controller.abort(callerSignal?.reason);
  callerSignal?.addEventListener('abort', onCallerAbort);
  if (callerSignal?.aborted) onCallerAbort();
  const timer = setTimeout(
    () => controller.abort(new DOMException('Timeout', 'TimeoutError')),
    options.timeoutMs ?? REQUEST_TIMEOUT_MS,
  );
  const send = () =>
    fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body:
        options.body === undefined
          ? undefined
          : multipart
            ? (options.body as FormData)
            : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: controller.signal,
    });
  // A GET index.html sent at start (src/app/early-requests.ts) is answered from there.
  const early = (options.method ?? 'GET') === 'GET' ? takeEarlyResponse(url, token) : undefined;
  const timedOut = new Promise<never>((_, reject) =>
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason)),
  );
  timedOut.catch(() => undefined);
  const networkFailure = (error: unknown): never => {
    if (callerSignal?.aborted) throw callerSignal.reason ?? new DOMException('Aborted', 'AbortError');
    const timeout = controller.signal.aborted;
    // An abort of the caller's making (through any signal it holds) is no news of the network.
    if (!timeout && error instanceof DOMException && error.name === 'AbortError') throw error;
    connectivity.reportFailure();
    throw new ApiError(0, timeout ? 'Timeout' : error instanceof Error ? error.message : 'Network error');
  };

  try {
    let response: Response;
    try {
      // The early request cannot be aborted: the time-out races it.
      response = early ? await Promise.race([early.catch(send), timedOut]) : await send();
    } catch (error) {
      return networkFailure(error);
    }
    connectivity.reportSuccess();
    const body = await readResponse<T>(response, token, options, networkFailure);
    return { body, headers: response.headers };
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', onCallerAbort);
  }
}

async function readResponse<T>(
  response: Response,
  token: string | null,
  options: RequestOptions,
  networkFailure: (error: unknown) => never,
): Promise<T> {
  const renewed = token ? response.headers.get('Set-Authorization') : null;
  if (token && renewed) tokenSource.renewed(renewed, token);
  if (token && response.status === 401) tokenSource.refused(token);
  if (options.responseType === 'none' && (response.status === 200 || response.status === 204))
    return undefined as T;
  if (response.status !== 200) {
    const { message, body } = await errorMessage(response);
    throw new ApiError(response.status, message, body, parseRetryAfter(response.headers.get('Retry-After')));
  }
  if (options.responseType === 'blob') {
    try {
      return (await response.blob()) as T;
    } catch (error) {
      return networkFailure(error);
    }
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    // The answer stopped half-way (time-out or a lost connection).
    return networkFailure(error);
  }
  if (text === '') throw new ApiError(response.status, 'Empty response');
  if (options.responseType === 'text') return text as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError(response.status, 'Invalid JSON response');
  }
}
