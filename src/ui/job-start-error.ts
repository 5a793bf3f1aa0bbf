import { ApiError } from '../api/http';
import type { Translate } from '../i18n/translate';

/**
 * What a refused copy or approval says (docs/api.md "Jobs"): a full queue in our own words (the
 * organization has too many residences waiting; wait and try again), a refused token as the
 * sign-in it needs (the header offers it, docs/product.md "Session"), no answer at all as such,
 * otherwise the server's message.
 */
export function jobStartMessage(error: Error, t: Translate): string {
  if (error instanceof ApiError && error.code === 'JOB_QUEUE_FULL') return t('jobProgress.queueFull');
  if (error instanceof ApiError && error.status === 401) return t('jobProgress.signInAgain');
  // A time-out or a lost connection: the request may not have arrived. Paste and Approve send
  // the same key again, so trying again never starts a second job.
  if (error instanceof ApiError && error.isNetworkFailure) return t('jobProgress.noAnswer');
  return error.message;
}
