import { ApiError } from '../api/http';
import type { TranslationKey } from '../../shared/texts/da';
import type { Translate } from '../i18n/translate';

/** The refusals a copy or approval can meet, in our own words, by the server's code. */
const BY_CODE: Partial<Record<string, TranslationKey>> = {
  // The organization has too many residences waiting: wait and try again.
  JOB_QUEUE_FULL: 'jobProgress.queueFull',
  RATE_LIMITED: 'jobProgress.rateLimited',
  // Approved, changed or deleted on another device since the page was read.
  ASSESSMENT_APPROVED: 'jobProgress.changedMeanwhile',
  ASSESSMENT_NOT_APPROVABLE: 'jobProgress.changedMeanwhile',
  ASSESSMENT_LOCKED: 'jobProgress.changedMeanwhile',
  NOT_FOUND: 'jobProgress.changedMeanwhile',
};

/**
 * What a refused copy or approval says (docs/api.md "Jobs"), always in Danish (docs/product.md
 * 8): the known refusals by their code, a refused token as the sign-in it needs (the header
 * offers it, docs/product.md "Session"), a refused right, no answer at all, and a fault of the
 * server as such; only a refusal none of these covers gives the server's own message.
 */
export function jobStartMessage(error: Error, t: Translate): string {
  if (!(error instanceof ApiError)) return error.message;
  const known = error.code === undefined ? undefined : BY_CODE[error.code];
  if (known) return t(known);
  if (error.status === 401) return t('jobProgress.signInAgain');
  if (error.status === 403) return t('jobProgress.forbidden');
  // A time-out or a lost connection: the request may not have arrived. Paste and Approve send
  // the same key again, so trying again never starts a second job.
  if (error.isNetworkFailure) return t('jobProgress.noAnswer');
  if (error.status >= 500) return t('jobProgress.serverFault');
  return error.message;
}
