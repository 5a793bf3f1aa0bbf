import { MutationCache, onlineManager, QueryCache, QueryClient } from '@tanstack/react-query';
import { connectivity } from '../api/connectivity';
import { ApiError } from '../api/http';
import { shouldRetry } from '../api/retry';
import { logger } from '../lib/logger';
import { isKeptOffline } from '../offline/client-state';
import { keepWithoutTimeLimit } from '../offline/kept-queries';

/** docs/product.md 7: cache 15 minutes, never stale by time, retry 20x on 408 only. */
export const CACHE_TIME_MS = 15 * 60 * 1000;

/**
 * TanStack Query's idea of online is the app's (src/api/connectivity.ts), not only the browser's
 * events: on a connection that passes nothing retries pause, and when the server answers again
 * the queries invalidated meanwhile are fetched (refetchOnReconnect), with no online event.
 */
onlineManager.setEventListener((setOnline) =>
  connectivity.subscribe(() => setOnline(connectivity.isOnline())),
);

/**
 * The app's one QueryClient. A 401 or 403 from any call is handed to `onAuthFailure`
 * (token recheck and the redirect rule of docs/product.md 2).
 */
export function createQueryClient(onAuthFailure: (error: ApiError) => void): QueryClient {
  const handle = (error: unknown) => {
    logger.warn('request failed', error);
    if (error instanceof ApiError && error.isAuthFailure) onAuthFailure(error);
  };
  const queryCache = new QueryCache({ onError: handle });
  // What was taken along offline is kept without time limit (docs/architecture.md 2, "Taken
  // along offline"): a query it names, restored from the persisted cache or fetched anew, is never
  // collected after 15 minutes, so it is still in the persisted cache when the device starts again
  // a day later.
  queryCache.subscribe((event) => {
    if (event.type === 'added' && isKeptOffline(event.query.queryKey)) keepWithoutTimeLimit(event.query);
  });
  return new QueryClient({
    queryCache,
    mutationCache: new MutationCache({ onError: handle }),
    defaultOptions: {
      queries: {
        gcTime: CACHE_TIME_MS,
        staleTime: Infinity,
        retry: shouldRetry,
        networkMode: 'offlineFirst',
      },
      mutations: { retry: shouldRetry, networkMode: 'offlineFirst' },
    },
  });
}
