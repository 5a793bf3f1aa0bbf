import type { CopyProgressMessage, FinishProgressMessage, JobState } from '../../shared/contract/dto';
import { cancelJob } from '../api/cancel-job';
import { getJob } from '../api/get-job';
import { ApiError } from '../api/http';
import { tokenStore } from '../api/token-store';
import {
  initialProgress,
  mergeProgress,
  withFailures,
  type JobProgress,
  type ProgressReport,
} from '../domain/job-progress';
import { currentJobState, type StoredJob } from '../offline/client-state';
import { hubConnection, type HubMethod, type ProgressConnection } from './hub-connection';
import { createListeners } from '../lib/listeners';

/**
 * The current background job of this tab (docs/product.md 2 "Blocking progress dialog", 4, and
 * docs/architecture.md 2 "Bulk jobs"): its id is kept in session storage, hub messages move its
 * progress forward (never back), and its state is read again from `GET /api/v2/jobs/{jobId}`
 * after a reconnect, after the hub gave up (then every few seconds until it ends) and after a
 * reload, so the progress dialog never hangs on a missed message.
 */

export interface CurrentJob {
  job: StoredJob;
  progress: JobProgress;
}

export interface JobProgressDeps {
  connect: (setup: (connection: ProgressConnection) => void) => Promise<ProgressConnection>;
  readJob: (jobId: string) => Promise<JobState>;
  cancelJob: (jobId: string) => Promise<JobState>;
  storage: { get(): StoredJob | null; set(job: StoredJob): void; clear(): void };
  /** While the hub is unavailable the job state is re-read this often. */
  pollMs?: number;
}

export interface JobProgressStore {
  /** Opens the hub before a job is started, so its first messages are not missed. Never rejects. */
  prepare(): Promise<void>;
  /** Follows a job the server has just started. */
  track(job: StoredJob): Promise<void>;
  /** After a reload: follows the job kept in session storage, if any. */
  resume(): void;
  /**
   * Stop (docs/api.md "Jobs", cancel): asks the server to stop the job and shows what it answers,
   * the stopped job or, when it had just ended, how it ended. Rejects when the request failed.
   */
  cancel(): Promise<void>;
  /** Forgets the job (its end has been handled, or the user closed the failure). */
  dismiss(): void;
  getSnapshot(): CurrentJob | null;
  subscribe(listener: () => void): () => void;
}

const HUB_METHODS: readonly HubMethod[] = ['CopyAssessment', 'FinishAssessment'];
/** Messages of a job whose POST has not answered yet are kept (a few) until it does. */
const EARLY_LIMIT = 200;

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
function endedState(body: unknown): JobState | null {
  const state = (body as { state?: unknown } | null)?.state as JobState | undefined;
  return state && typeof state.status === 'string' && typeof state.currentCount === 'number' ? state : null;
}

export function createJobProgressStore(deps: JobProgressDeps): JobProgressStore {
  const pollMs = deps.pollMs ?? 3000;
  const listeners = createListeners();
  const early = new Map<string, ProgressReport[]>();
  let current: CurrentJob | null = null;
  let pollTimer: ReturnType<typeof setTimeout> | null = null;

  const emit = () => listeners.emit();
  const running = () => current !== null && current.progress.phase === 'running';

  function apply(jobId: string, report: ProgressReport): void {
    if (!current || current.job.jobId !== jobId) return;
    const progress = mergeProgress(current.progress, report);
    if (progress === current.progress) return;
    current = { job: current.job, progress };
    if (progress.phase !== 'running') stopPolling();
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

  function onMessage(jobId: string, payloadJson: string): void {
    let report: ProgressReport | null;
    try {
      report = reportOfMessage(JSON.parse(payloadJson) as FinishProgressMessage);
    } catch {
      return;
    }
    if (!report) return;
    if (current?.job.jobId === jobId) {
      apply(jobId, report);
      return;
    }
    if (early.size >= EARLY_LIMIT) early.clear();
    early.set(jobId, [...(early.get(jobId) ?? []), report]);
  }

  function stopPolling(): void {
    if (pollTimer !== null) clearTimeout(pollTimer);
    pollTimer = null;
  }

  function schedulePoll(): void {
    if (!running() || pollTimer !== null) return;
    pollTimer = setTimeout(() => {
      pollTimer = null;
      void reread().then(() => schedulePoll());
    }, pollMs);
  }

  async function reread(): Promise<void> {
    if (!current || !running()) return;
    const jobId = current.job.jobId;
    try {
      apply(jobId, reportOfState(await deps.readJob(jobId)));
    } catch (error) {
      // The server does not know the job (any more): it cannot end well.
      if (error instanceof ApiError && error.status === 404)
        apply(jobId, { currentCount: 0, maxCount: 0, ended: 'failed' });
      else schedulePoll();
    }
  }

  function setup(connection: ProgressConnection): void {
    for (const method of HUB_METHODS) connection.on(method, onMessage);
    connection.onreconnected(() => void reread());
    // docs/product.md 7: after 0, 2, 10 and 30 s the hub stops trying; the job is read instead.
    connection.onclose(() => {
      void reread();
      schedulePoll();
    });
  }

  async function connect(): Promise<boolean> {
    try {
      await deps.connect(setup);
      return true;
    } catch {
      return false;
    }
  }

  function follow(job: StoredJob): void {
    stopPolling();
    current = { job, progress: initialProgress(job.jobId) };
    const buffered = early.get(job.jobId) ?? [];
    early.clear();
    emit();
    for (const report of buffered) apply(job.jobId, report);
  }

  async function followAndRead(job: StoredJob, connected: Promise<boolean>): Promise<void> {
    follow(job);
    // Whatever happened before we listened (or while the hub is away) comes from the job's state.
    await reread();
    if (!(await connected)) schedulePoll();
  }

  return {
    async prepare() {
      await connect();
    },
    async track(job) {
      deps.storage.set(job);
      await followAndRead(job, connect());
    },
    resume() {
      if (current) return;
      const stored = deps.storage.get();
      if (stored) void followAndRead(stored, connect());
    },
    async cancel() {
      if (!current || !running()) return;
      const jobId = current.job.jobId;
      let state: JobState;
      try {
        state = await deps.cancelJob(jobId);
      } catch (error) {
        const ended = error instanceof ApiError && error.code === 'JOB_ENDED' ? endedState(error.body) : null;
        if (!ended) throw error;
        state = ended;
      }
      apply(jobId, reportOfState(state));
    },
    dismiss() {
      stopPolling();
      deps.storage.clear();
      if (current === null) return;
      current = null;
      emit();
    },
    getSnapshot: () => current,
    subscribe(listener) {
      return listeners.subscribe(listener);
    },
  };
}

/** The app's store: the real hub, the real API, the session storage. */
export const jobProgress: JobProgressStore = createJobProgressStore({
  connect: (setup) => hubConnection(setup),
  readJob: (jobId) => getJob(jobId),
  cancelJob: (jobId) => cancelJob(jobId),
  storage: currentJobState,
});

// A sign-out forgets the job (docs/product.md 4: logout clears the copy and approve session state).
tokenStore.subscribe((token) => {
  if (token === null) jobProgress.dismiss();
});
