import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JobState } from '../../shared/contract/dto';
import { ApiError } from '../../src/api/http';
import type { HubMethod, ProgressConnection } from '../../src/hub/hub-connection';
import { createJobProgressStore } from '../../src/hub/job-progress';
import type { StoredJob } from '../../src/offline/client-state';

/** A hub connection we drive by hand: messages, a reconnect, the end of the retries. */
class FakeConnection implements ProgressConnection {
  handlers = new Map<HubMethod, (jobId: string, payloadJson: string) => void>();
  reconnected: (() => void)[] = [];
  closed: ((error?: Error) => void)[] = [];
  on(method: HubMethod, handler: (jobId: string, payloadJson: string) => void) {
    this.handlers.set(method, handler);
  }
  onreconnected(callback: () => void) {
    this.reconnected.push(callback);
  }
  onclose(callback: (error?: Error) => void) {
    this.closed.push(callback);
  }
  start = () => Promise.resolve();
  stop = () => Promise.resolve();
  finish(jobId: string, currentCount: number, maxCount: number, error: string | null = null) {
    this.handlers.get('FinishAssessment')!(
      jobId,
      JSON.stringify({ currentCount, maxCount, error: error ? { message: error } : null }),
    );
  }
}

function state(fields: Partial<JobState>): JobState {
  return {
    jobId: 'job-1',
    kind: 'finish',
    status: 'running',
    currentCount: 0,
    maxCount: 2,
    errorCount: 0,
    failedItems: [],
    copied: [],
    ...fields,
  };
}

function harness(options: { failConnect?: boolean; stored?: StoredJob; hub?: Promise<void> } = {}) {
  const connection = new FakeConnection();
  let stored: StoredJob | null = options.stored ?? null;
  let serverState = state({});
  const readJob = vi.fn(async () => serverState);
  const cancelJob = vi.fn(async () => {
    serverState = { ...serverState, status: 'cancelled' };
    return serverState;
  });
  const store = createJobProgressStore({
    cancelJob,
    connect: async (setup) => {
      if (options.failConnect) throw new Error('no hub');
      setup(connection);
      // A hub that answers only when the test says so.
      await options.hub;
      return connection;
    },
    readJob,
    storage: {
      get: () => stored,
      set: (job) => {
        stored = job;
      },
      clear: () => {
        stored = null;
      },
    },
    pollMs: 1000,
  });
  return {
    store,
    connection,
    readJob,
    cancelJob,
    stored: () => stored,
    setServer: (fields: Partial<JobState>) => {
      serverState = state(fields);
    },
    failServer: (status: number) => readJob.mockRejectedValue(new ApiError(status, 'x')),
  };
}

const JOB: StoredJob = { jobId: 'job-1', kind: 'finish', propertyId: 'p1', assessmentId: 'a1' };

afterEach(() => {
  vi.useRealTimers();
});

describe('the job progress store (docs/architecture.md 2 "Jobs: approving and bulk copy")', () => {
  it('keeps the job id for the session and counts up with the hub messages', async () => {
    const h = harness();
    await h.store.prepare();
    await h.store.track(JOB);
    expect(h.stored()).toEqual(JOB);
    h.connection.finish('job-1', 1, 2);
    expect(h.store.getSnapshot()?.progress).toMatchObject({ currentCount: 1, maxCount: 2, phase: 'running' });
    h.connection.finish('job-1', 2, 2);
    expect(h.store.getSnapshot()?.progress.phase).toBe('succeeded');
  });

  it("an approval that ends failed reads the job's state once, which names the residences not done", async () => {
    const h = harness();
    await h.store.track(JOB);
    const reason = 'Ikke godkendt: du har ikke længere skriveadgang.';
    h.setServer({
      status: 'failed',
      currentCount: 2,
      errorCount: 2,
      failedItems: ['p1', 'p2'].map((propertyId, i) => ({
        propertyId,
        assessmentId: `a${i}`,
        code: 'WRITE_ACCESS_LOST',
        message: reason,
      })),
    });
    const reads = h.readJob.mock.calls.length;
    h.connection.finish('job-1', 2, 2, reason);
    expect(h.store.getSnapshot()?.progress).toMatchObject({ phase: 'failed', errors: [reason] });
    await vi.waitFor(() =>
      expect(h.store.getSnapshot()?.progress.failures).toEqual([
        { propertyId: 'p1', message: reason },
        { propertyId: 'p2', message: reason },
      ]),
    );
    expect(h.readJob).toHaveBeenCalledTimes(reads + 1);
  });

  it('a message that arrives before the job id is known is not lost', async () => {
    const h = harness();
    await h.store.prepare();
    h.connection.finish('job-1', 1, 2);
    await h.store.track(JOB);
    expect(h.store.getSnapshot()?.progress.currentCount).toBe(1);
  });

  it('ignores other jobs and never goes backwards', async () => {
    const h = harness();
    await h.store.track(JOB);
    const reads = h.readJob.mock.calls.length;
    h.connection.finish('other', 2, 2);
    h.connection.finish('job-1', 1, 2);
    h.setServer({ currentCount: 0 });
    h.connection.reconnected.forEach((callback) => callback());
    await vi.waitFor(() => expect(h.readJob).toHaveBeenCalledTimes(reads + 1));
    expect(h.store.getSnapshot()?.progress).toMatchObject({ currentCount: 1, phase: 'running' });
  });

  it('after a reconnect the job state is read again, so a missed last message does not leave it hanging', async () => {
    const h = harness();
    await h.store.track(JOB);
    h.connection.finish('job-1', 1, 2);
    // The last message was sent while the connection was away.
    h.setServer({ status: 'succeeded', currentCount: 2 });
    h.connection.reconnected.forEach((callback) => callback());
    await vi.waitFor(() => expect(h.store.getSnapshot()?.progress.phase).toBe('succeeded'));
  });

  it('after the retries give up the job is read every few seconds until it ends', async () => {
    vi.useFakeTimers();
    const h = harness();
    await h.store.track(JOB);
    h.connection.closed.forEach((callback) => callback(new Error('gone')));
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.store.getSnapshot()?.progress.phase).toBe('running');
    h.setServer({
      status: 'partlyFailed',
      currentCount: 2,
      failedItems: [
        { propertyId: 'p1', assessmentId: 'a1', code: 'ASSESSMENT_APPROVED', message: 'Vurderingen er låst' },
      ],
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.store.getSnapshot()?.progress).toMatchObject({
      phase: 'failed',
      errors: ['Vurderingen er låst'],
    });
    const calls = h.readJob.mock.calls.length;
    await vi.advanceTimersByTimeAsync(5000);
    expect(h.readJob.mock.calls.length).toBe(calls);
  });

  it('without a hub at all the job is still followed by reading its state', async () => {
    vi.useFakeTimers();
    const h = harness({ failConnect: true });
    await h.store.track(JOB);
    h.setServer({ status: 'succeeded', currentCount: 2 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.store.getSnapshot()?.progress.phase).toBe('succeeded');
  });

  it('a hub that does not answer holds the start of a job for 3 s at most; the job is then read every few seconds', async () => {
    vi.useFakeTimers();
    const h = harness({ hub: new Promise<void>(() => {}) });
    let prepared = false;
    void h.store.prepare().then(() => (prepared = true));
    await vi.advanceTimersByTimeAsync(2900);
    expect(prepared).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(prepared).toBe(true);

    void h.store.track(JOB);
    await vi.advanceTimersByTimeAsync(0);
    expect(h.store.getSnapshot()?.job).toEqual(JOB);
    h.setServer({ status: 'running', currentCount: 1 });
    await vi.advanceTimersByTimeAsync(3000 + 1000);
    expect(h.store.getSnapshot()?.progress.currentCount).toBe(1);
    h.setServer({ status: 'succeeded', currentCount: 2 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.store.getSnapshot()?.progress.phase).toBe('succeeded');
  });

  it('a hub that comes late takes over from the reading, after one more reading for what it missed', async () => {
    vi.useFakeTimers();
    let answer = () => {};
    const h = harness({ hub: new Promise<void>((resolve) => (answer = resolve)) });
    void h.store.track(JOB);
    await vi.advanceTimersByTimeAsync(3000 + 2000);
    const polled = h.readJob.mock.calls.length;
    expect(polled).toBeGreaterThan(1);

    h.setServer({ status: 'running', currentCount: 1 });
    answer();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.readJob.mock.calls.length).toBe(polled + 1);
    expect(h.store.getSnapshot()?.progress.currentCount).toBe(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(h.readJob.mock.calls.length).toBe(polled + 1);
    h.connection.finish('job-1', 2, 2);
    expect(h.store.getSnapshot()?.progress.phase).toBe('succeeded');
  });

  it('after a reload the stored job is resumed from its state', async () => {
    const h = harness({ stored: JOB });
    h.setServer({ status: 'running', currentCount: 1 });
    h.store.resume();
    await vi.waitFor(() => expect(h.store.getSnapshot()?.progress.currentCount).toBe(1));
    expect(h.store.getSnapshot()?.job).toEqual(JOB);
  });

  it('after a reload the job is read again once the hub listens, so an end in between is not missed', async () => {
    let answer = () => {};
    const h = harness({ stored: JOB, hub: new Promise<void>((resolve) => (answer = resolve)) });
    h.setServer({ status: 'running', currentCount: 1 });
    h.store.resume();
    await vi.waitFor(() => expect(h.store.getSnapshot()?.progress.currentCount).toBe(1));
    // The last item is done, and its message sent, before the hub's handshake.
    h.setServer({ status: 'succeeded', currentCount: 2 });
    answer();
    await vi.waitFor(() => expect(h.store.getSnapshot()?.progress.phase).toBe('succeeded'));
    expect(h.readJob).toHaveBeenCalledTimes(2);
  });

  it('a job the server does not know ends as failed; dismissing forgets it', async () => {
    const h = harness();
    h.failServer(404);
    await h.store.track(JOB);
    expect(h.store.getSnapshot()?.progress.phase).toBe('failed');
    h.store.dismiss();
    expect(h.store.getSnapshot()).toBeNull();
    expect(h.stored()).toBeNull();
  });

  describe('Stop', () => {
    it('shows a stopped job as cancelled at the count it reached, and stays so', async () => {
      const h = harness();
      await h.store.track({ jobId: 'job-1', kind: 'finish' });
      h.connection.finish('job-1', 1, 4);
      h.setServer({ currentCount: 1, maxCount: 4 });
      await h.store.cancel();
      expect(h.cancelJob).toHaveBeenCalledWith('job-1');
      expect(h.store.getSnapshot()?.progress).toMatchObject({
        phase: 'cancelled',
        currentCount: 1,
        maxCount: 4,
      });
      // A late message of the item under way does not bring it back to life.
      h.connection.finish('job-1', 2, 4);
      expect(h.store.getSnapshot()?.progress).toMatchObject({ phase: 'cancelled', currentCount: 1 });
    });

    it('hears the Stop of another tab from the hub', async () => {
      const h = harness();
      await h.store.track({ jobId: 'job-1', kind: 'finish' });
      h.connection.handlers.get('FinishAssessment')!(
        'job-1',
        JSON.stringify({ currentCount: 3, maxCount: 5, error: null, cancelled: true }),
      );
      expect(h.store.getSnapshot()?.progress).toMatchObject({ phase: 'cancelled', currentCount: 3 });
    });

    it('shows how the job ended when it ended before the Stop reached it', async () => {
      const h = harness();
      await h.store.track({ jobId: 'job-1', kind: 'finish' });
      h.cancelJob.mockRejectedValueOnce(
        new ApiError(409, 'ended', {
          code: 'JOB_ENDED',
          message: 'ended',
          state: state({ status: 'succeeded', currentCount: 2, maxCount: 2 }),
        }),
      );
      await h.store.cancel();
      expect(h.store.getSnapshot()?.progress).toMatchObject({ phase: 'succeeded', currentCount: 2 });
    });

    it('rejects when the Stop did not reach the server, and the job runs on', async () => {
      const h = harness();
      await h.store.track({ jobId: 'job-1', kind: 'finish' });
      h.cancelJob.mockRejectedValueOnce(new TypeError('Failed to fetch'));
      await expect(h.store.cancel()).rejects.toThrow('Failed to fetch');
      expect(h.store.getSnapshot()?.progress.phase).toBe('running');
    });
  });
});
