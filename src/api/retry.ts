import { ApiError } from './http';

/** docs/product.md 7: retry up to 20 times, only on status 408; never on other errors. */
export const MAX_TIMEOUT_RETRIES = 20;

export function shouldRetry(failureCount: number, error: unknown): boolean {
  return error instanceof ApiError && error.status === 408 && failureCount < MAX_TIMEOUT_RETRIES;
}
