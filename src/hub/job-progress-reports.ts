import type { CopyProgressMessage, FinishProgressMessage, JobState } from '../../shared/contract/dto';
import type { ProgressReport } from '../domain/job-progress';

/**
 * What a job's hub messages and its read state say about its progress (docs/product.md 2
 * "Other screens and parts", docs/api.md "Jobs"), as reports the progress merges.
 */

function reportOfMessage(message: CopyProgressMessage | FinishProgressMessage): ProgressReport | null {
  if (typeof message.currentCount !== 'number' || typeof message.maxCount !== 'number') return null;
  if (message.cancelled === true)
    return { currentCount: message.currentCount, maxCount: message.maxCount, ended: 'cancelled' };
  if (!message.error?.message) return { currentCount: message.currentCount, maxCount: message.maxCount };
  const propertyId =
    'propertyId' in message && typeof message.propertyId === 'string' ? message.propertyId : null;
  return {
    currentCount: message.currentCount,
    maxCount: message.maxCount,
    failures: [{ propertyId, message: message.error.message }],
  };
}

/** A hub message's payload as a report; null for one that is not JSON or carries no counts. */
export function reportOfPayload(payloadJson: string): ProgressReport | null {
  try {
    return reportOfMessage(JSON.parse(payloadJson) as FinishProgressMessage);
  } catch {
    return null;
  }
}

export function reportOfState(state: JobState): ProgressReport {
  const ended =
    state.status === 'succeeded' || state.status === 'cancelled'
      ? state.status
      : state.status === 'failed' || state.status === 'partlyFailed'
        ? 'failed'
        : undefined;
  return {
    currentCount: state.currentCount,
    maxCount: state.maxCount,
    failures: state.failedItems.map((item) => ({ propertyId: item.propertyId, message: item.message })),
    ...(ended ? { ended } : {}),
  };
}

/** The state a 409 JOB_ENDED carries (the job ended before the Stop reached it). */
export function endedState(body: unknown): JobState | null {
  const state = (body as { state?: unknown } | null)?.state as JobState | undefined;
  return state && typeof state.status === 'string' && typeof state.currentCount === 'number' ? state : null;
}
