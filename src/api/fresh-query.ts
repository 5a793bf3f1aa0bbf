import { ApiError } from './http';

/**
 * The server's current data when the network answers, else what the cache holds
 * (docs/architecture.md 3: data is never stale by time, so ensureQueryData alone would show
 * yesterday's copy to a decision that must see today's, such as where an assessment resumes).
 * Offline with a cached copy nothing is asked; only a network failure falls back to the cache,
 * any answer of the server counts.
 */
export async function freshOrCached<T>(fetchFresh: () => Promise<T>, cached: T | undefined): Promise<T> {
  if (cached !== undefined && typeof navigator !== 'undefined' && !navigator.onLine) return cached;
  try {
    return await fetchFresh();
  } catch (error) {
    if (cached !== undefined && error instanceof ApiError && error.isNetworkFailure) return cached;
    throw error;
  }
}
