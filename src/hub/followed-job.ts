import type { JobState } from '../../shared/contract/dto';
import {
  initialProgress,
  mergeProgress,
  withFailures,
  type JobProgress,
  type ProgressReport,
} from '../domain/job-progress';
import type { StoredJob } from '../offline/client-state';
import { createListeners } from '../lib/listeners';
import { reportOfState } from './job-progress-reports';

/**
 * The background job this tab follows and its progress (docs/product.md 2 "Other screens and
 * parts"): reports move it forward, never back, and the messages of a job whose POST has not
 * answered yet are kept until it is followed. How the reports arrive is job-progress.ts's.
 */

export interface CurrentJob {
  job: StoredJob;
  progress: JobProgress;
}

export interface FollowedJob {
  current(): CurrentJob | null;
  running(): boolean;
  /** A report of the followed job (another job's is ignored). */
  apply(jobId: string, report: ProgressReport): void;
  /** A hub message's report: applied to the followed job, or kept until its job is followed. */
  receive(jobId: string, report: ProgressReport): void;
  /** Follows the job from its start, with the reports kept for it. */
  follow(job: StoredJob): void;
  forget(): void;
  subscribe(listener: () => void): () => void;
}

/** Messages of a job whose POST has not answered yet are kept (a few) until it does. */
const EARLY_LIMIT = 200;

export function createFollowedJob(deps: {
  readJob: (jobId: string) => Promise<JobState>;
  /** The job has ended (succeeded, failed or stopped). */
  onEnded: () => void;
}): FollowedJob {
  const listeners = createListeners();
  const early = new Map<string, ProgressReport[]>();
  let current: CurrentJob | null = null;

  const emit = () => listeners.emit();
  const running = () => current !== null && current.progress.phase === 'running';

  function apply(jobId: string, report: ProgressReport): void {
    if (!current || current.job.jobId !== jobId) return;
    const progress = mergeProgress(current.progress, report);
    if (progress === current.progress) return;
    current = { job: current.job, progress };
    if (progress.phase !== 'running') deps.onEnded();
    emit();
    if (progress.phase === 'failed' && progress.failures.some((f) => f.propertyId === null)) {
      void readFailures(jobId);
    }
  }

  /** An approval's messages name no residence: the ended job's state says which failed. */
  async function readFailures(jobId: string): Promise<void> {
    try {
      const state = await deps.readJob(jobId);
      if (!current || current.job.jobId !== jobId) return;
      current = {
        job: current.job,
        progress: withFailures(current.progress, reportOfState(state).failures ?? []),
      };
      emit();
    } catch {
      // The reasons without their residences stay.
    }
  }

  function receive(jobId: string, report: ProgressReport): void {
    if (current?.job.jobId === jobId) {
      apply(jobId, report);
      return;
    }
    if (early.size >= EARLY_LIMIT) early.clear();
    early.set(jobId, [...(early.get(jobId) ?? []), report]);
  }

  function follow(job: StoredJob): void {
    current = { job, progress: initialProgress(job.jobId) };
    const buffered = early.get(job.jobId) ?? [];
    early.clear();
    emit();
    for (const report of buffered) apply(job.jobId, report);
  }

  function forget(): void {
    if (current === null) return;
    current = null;
    emit();
  }

  return {
    current: () => current,
    running,
    apply,
    receive,
    follow,
    forget,
    subscribe: (listener) => listeners.subscribe(listener),
  };
}
