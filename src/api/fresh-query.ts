import { connectivity } from './connectivity';
import { ApiError } from './http';

/**
 * How long a decision waits for the server's current data when the device has a copy: on a
 * connection that passes nothing the request would only fail at its time-out (docs/architecture.md
 * 2, "Lie-fi is offline"), and the screen must not wait for that.
 */
export const FRESH_WAIT_MS = 2_500;

/**
 * The server's current data when the network answers, else what the cache holds
 * (docs/architecture.md 3: data is never stale by time, so ensureQueryData alone would show
 * yesterday's copy to a decision that must see today's, such as where an assessment resumes).
 * Offline with a cached copy nothing is asked; only a network failure, or no answer within
 * FRESH_WAIT_MS, falls back to the cache; any answer of the server counts.
 */
export async function freshOrCached<T>(
  fetchFresh: () => Promise<T>,
  cached: T | undefined,
  waitMs: number = FRESH_WAIT_MS,
): Promise<T> {
  if (cached !== undefined && !connectivity.isOnline()) return cached;
  const fresh = fetchFresh();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline =
    cached === undefined
      ? null
      : new Promise<T>((resolve) => {
          timer = setTimeout(() => resolve(cached), waitMs);
        });
  try {
    return await (deadline ? Promise.race([fresh, deadline]) : fresh);
  } catch (error) {
    if (cached !== undefined && error instanceof ApiError && error.isNetworkFailure) return cached;
    throw error;
  } finally {
    clearTimeout(timer);
    // A late answer still lands in the cache through the query; a late failure is no news.
    fresh.catch(() => undefined);
  }
}
