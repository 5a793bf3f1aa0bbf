import type { JobState } from '../../shared/contract/dto';
import { cancelJob } from '../api/cancel-job';
import { getJob } from '../api/get-job';
import { ApiError } from '../api/http';
import { tokenStore } from '../api/token-store';
import { currentJobState, type StoredJob } from '../offline/client-state';
import { createFollowedJob, type CurrentJob } from './followed-job';
import { hubConnection, type HubMethod, type ProgressConnection } from './hub-connection';
import { endedState, reportOfPayload, reportOfState } from './job-progress-reports';

/**
 * The current background job of this tab (docs/product.md 2 "Other screens and parts", 4, and
 * docs/architecture.md 2 "Jobs: approving and bulk copy"): its id is kept in session storage,
 * hub messages move its progress forward (never back), and its state is read again from
 * `GET /api/v2/jobs/{jobId}` after a reconnect, after the hub gave up (then every few seconds
 * until it ends) and after a reload, so the progress dialog never hangs on a missed message.
 */

export type { CurrentJob } from './followed-job';
export { reportOfState } from './job-progress-reports';

export interface JobProgressDeps {
  connect: (setup: (connection: ProgressConnection) => void) => Promise<ProgressConnection>;
  readJob: (jobId: string) => Promise<JobState>;
  cancelJob: (jobId: string) => Promise<JobState>;
  storage: { get(): StoredJob | null; set(job: StoredJob): void; clear(): void };
  /** While the hub is unavailable the job state is re-read this often. */
  pollMs?: number;
  /** How long a job's start waits for the hub before it goes on without it. */
  hubWaitMs?: number;
}

/**
 * A hub that does not answer (a proxy that holds WebSockets, a busy server after a reload) must not
 * hold the job's start: SignalR waits up to its 30-s server time-out for the handshake, and the
 * copy's page stood still that long with Paste disabled and no dialog.
 */
const HUB_WAIT_MS = 3000;

/** `promise`'s value, or 'late' when it has not settled within `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | 'late'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

export interface JobProgressStore {
  /**
   * Opens the hub before a job is started, so its first messages are not missed; waits for it at
   * most a few seconds (HUB_WAIT_MS). Never rejects.
   */
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

/** While the job runs and the hub is away, its state is read every `pollMs` until it ends. */
function createPollTimer(pollMs: number, running: () => boolean, reread: () => Promise<void>) {
  let pollTimer: ReturnType<typeof setTimeout> | null = null;

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
  return { stopPolling, schedulePoll };
}

/** Asks the server to stop the followed job and shows what it answers (JobProgressStore.cancel). */
async function cancelFollowed(
  followed: ReturnType<typeof createFollowedJob>,
  cancelJob: JobProgressDeps['cancelJob'],
): Promise<void> {
  const job = followed.current();
  if (!job || !followed.running()) return;
  const jobId = job.job.jobId;
  let state: JobState;
  try {
    state = await cancelJob(jobId);
  } catch (error) {
    const ended = error instanceof ApiError && error.code === 'JOB_ENDED' ? endedState(error.body) : null;
    if (!ended) throw error;
    state = ended;
  }
  followed.apply(jobId, reportOfState(state));
}

export function createJobProgressStore(deps: JobProgressDeps): JobProgressStore {
  const followed = createFollowedJob({ readJob: deps.readJob, onEnded: () => stopPolling() });
  const { current, running } = followed;
  const { stopPolling, schedulePoll } = createPollTimer(deps.pollMs ?? 3000, running, () => reread());
  const hubWaitMs = deps.hubWaitMs ?? HUB_WAIT_MS;

  function onMessage(jobId: string, payloadJson: string): void {
    const report = reportOfPayload(payloadJson);
    if (!report) return;
    followed.receive(jobId, report);
  }

  async function reread(): Promise<void> {
    const job = current();
    if (!job || !running()) return;
    const jobId = job.job.jobId;
    try {
      followed.apply(jobId, reportOfState(await deps.readJob(jobId)));
    } catch (error) {
      // The server does not know the job (any more): it cannot end well.
      if (error instanceof ApiError && error.status === 404)
        followed.apply(jobId, { currentCount: 0, maxCount: 0, ended: 'failed' });
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

  async function followAndRead(job: StoredJob, connected: Promise<boolean>): Promise<void> {
    stopPolling();
    followed.follow(job);
    // A job started here finds the hub listening already (prepare); after a reload it is not yet.
    const listening = (await within(connected, 0)) === true;
    // Whatever happened before we listened (or while the hub is away) comes from the job's state.
    await reread();
    const hub = listening || (await within(connected, hubWaitMs));
    if (hub === true) {
      // A message sent between that reading and the hub's handshake reached no one (a reload as
      // the last item was done stood at 5 of 6 for good): one more reading once the hub listens.
      if (!listening) void reread();
      return;
    }
    schedulePoll();
    // A hub that comes late takes over from the polling, after one more reading for what it missed.
    if (hub === 'late')
      void connected.then((ok) => {
        if (!ok || current()?.job.jobId !== job.jobId) return;
        stopPolling();
        void reread();
      });
  }

  return {
    async prepare() {
      await within(connect(), hubWaitMs);
    },
    async track(job) {
      deps.storage.set(job);
      await followAndRead(job, connect());
    },
    resume() {
      if (current()) return;
      const stored = deps.storage.get();
      if (stored) void followAndRead(stored, connect());
    },
    cancel: () => cancelFollowed(followed, deps.cancelJob),
    dismiss() {
      stopPolling();
      deps.storage.clear();
      followed.forget();
    },
    getSnapshot: current,
    subscribe: followed.subscribe,
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
