import { API_BASE_URL } from './api-base';
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
  get code(): string | undefined {
    const code = (this.body as { code?: unknown } | null | undefined)?.code;
    return typeof code === 'string' ? code : undefined;
  }

  get isAuthFailure(): boolean {
    return this.status === 401 || this.status === 403;
  }

  get isNetworkFailure(): boolean {
    return this.status === 0;
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST';
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Text responses (synchiddenquestions); JSON otherwise. */
  responseType?: 'json' | 'text';
}

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
    const message = (body as { message?: unknown }).message;
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
  const token = tokenStore.get();
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  const url = apiUrl(path, options.query);
  const send = () =>
    fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  // A GET index.html sent at start (src/app/early-requests.ts) is answered from there.
  const early = (options.method ?? 'GET') === 'GET' ? takeEarlyResponse(url, token) : undefined;

  let response: Response;
  try {
    response = early ? await early.catch(send) : await send();
    options.signal?.throwIfAborted();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, error instanceof Error ? error.message : 'Network error');
  }

  // A renewal belongs to the session that sent the request: a reply that arrives after a
  // logout, or after another user signed in, must not bring the old session back.
  const renewed = token && tokenStore.get() === token ? response.headers.get('Set-Authorization') : null;
  if (renewed) {
    try {
      tokenStore.set(renewed);
    } catch {
      // A broken renewal must not fail the call; the current token stays until it expires.
    }
  }

  if (response.status !== 200) {
    const { message, body } = await errorMessage(response);
    throw new ApiError(response.status, message, body, parseRetryAfter(response.headers.get('Retry-After')));
  }
  const text = await response.text();
  if (text === '') throw new ApiError(response.status, 'Empty response');
  if (options.responseType === 'text') return text as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError(response.status, 'Invalid JSON response');
  }
}
