/**
 * What a failed send means for its entry (docs/architecture.md 2, "Outbox rules"): tried again
 * later, after a backoff or the server's Retry-After, waiting for a sign-in, or parked.
 */

export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_MAX_MS = 60_000;

/**
 * Capped exponential backoff with jitter: 1 s, 2 s, 4 s ... after the 1st, 2nd, 3rd failure,
 * up to half as much again at random, never more than 60 s.
 */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const exponential = BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1);
  return Math.round(Math.min(BACKOFF_MAX_MS, exponential * (1 + 0.5 * random())));
}

/** The longest wait a server's `Retry-After` may impose on an entry (a broken header must not stall it). */
export const RETRY_AFTER_MAX_MS = 5 * 60_000;

/**
 * When a failed entry is due again: its backoff, or later when the server said how long to wait
 * (429 over a rate limit, docs/architecture.md "Rate limits"), so that the outbox does not spend
 * its tries inside the server's window.
 */
export function retryDelay(
  attempts: number,
  retryAfterMs: number | undefined,
  random: () => number = Math.random,
): number {
  const backoff = backoffDelay(attempts, random);
  if (retryAfterMs === undefined) return backoff;
  return Math.max(backoff, Math.min(RETRY_AFTER_MAX_MS, retryAfterMs));
}

export type FailureKind = 'transient' | 'auth' | 'refused';

/** The wait a failure's server asked for (ApiError.retryAfterMs), if any. */
export function retryAfterOf(error: unknown): number | undefined {
  const wait = (error as { retryAfterMs?: unknown } | null)?.retryAfterMs;
  return typeof wait === 'number' && Number.isFinite(wait) && wait >= 0 ? wait : undefined;
}

/** The HTTP status of a failure; 0 (network) for anything without one. */
export function statusOf(error: unknown): number {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : 0;
}

/**
 * The same rules for every kind of entry. Network errors, timeouts, 408, 429 and 5xx are retried
 * later; 401 (no valid session) waits for a new sign-in; 403 (this user may not change this
 * assessment) parks the one entry, so that one refused answer never holds back the rest; 400
 * and 409 (value refused, assessment locked, a
 * create's id taken by another residence) are parked. Other 4xx are parked
 * too: the same request will not succeed by repeating it, and a blocked queue would hold
 * every later answer back.
 */
export function classifyFailure(status: number, code?: string): FailureKind {
  if (status === 401) return 'auth';
  // The same photo still arriving through an earlier attempt whose reply was lost: try later.
  if (code === 'PHOTO_UPLOAD_IN_PROGRESS') return 'transient';
  if (status >= 400 && status < 500 && status !== 408 && status !== 429) return 'refused';
  return 'transient';
}
