import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/http';
import { shouldRetry } from '../api/retry';
import { logger } from '../lib/logger';

/** docs/product.md 7: cache 15 minutes, never stale by time, retry 20x on 408 only. */
export const CACHE_TIME_MS = 15 * 60 * 1000;

/**
 * The app's one QueryClient. A 401 or 403 from any call is handed to `onAuthFailure`
 * (token recheck and the redirect rule of docs/product.md 2).
 */
export function createQueryClient(onAuthFailure: (error: ApiError) => void): QueryClient {
  const handle = (error: unknown) => {
    logger.warn('request failed', error);
    if (error instanceof ApiError && error.isAuthFailure) onAuthFailure(error);
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: handle }),
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
