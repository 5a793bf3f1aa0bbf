import { ApiError } from '../api/http';
import type { Translate } from '../i18n/translate';

/**
 * What a refused copy or approval says (docs/api.md "Jobs"): a full queue in our own words (the
 * organization has too many residences waiting; wait and try again), otherwise the server's message.
 */
export function jobStartMessage(error: Error, t: Translate): string {
  if (error instanceof ApiError && error.code === 'JOB_QUEUE_FULL') return t('jobProgress.queueFull');
  return error.message;
}
