import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createConnectivity,
  FAILURES_TO_OFFLINE,
  PROBE_DELAYS_MS,
  type ConnectivityOptions,
} from '../../src/api/connectivity';

/** A browser whose network the test attaches and detaches, and a server the probe reaches or not. */
function setup(initial: { browserOnline?: boolean; serverAnswers?: boolean } = {}) {
  let browserOnline = initial.browserOnline ?? true;
  let serverAnswers = initial.serverAnswers ?? false;
  let onBrowserChange: (online: boolean) => void = () => undefined;
  const probe = vi.fn(() => (serverAnswers ? Promise.resolve() : Promise.reject(new Error('Timeout'))));
  const options: ConnectivityOptions = {
    browserOnline: () => browserOnline,
    probe,
    listenToBrowser: (listener) => {
      onBrowserChange = listener;
    },
  };
  const connectivity = createConnectivity(options);
  const changes = vi.fn();
  connectivity.subscribe(changes);
  return {
    connectivity,
    probe,
    changes,
    setBrowserOnline(online: boolean) {
      browserOnline = online;
      onBrowserChange(online);
    },
    setServerAnswers(answers: boolean) {
      serverAnswers = answers;
    },
  };
}

describe('connectivity: a connection that passes nothing is offline', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts as offline after repeated network failures, not after one', () => {
    const { connectivity, changes } = setup();
    connectivity.reportFailure();
    expect(connectivity.isOnline()).toBe(true);
    for (let i = 1; i < FAILURES_TO_OFFLINE; i++) connectivity.reportFailure();
    expect(connectivity.isOnline()).toBe(false);
    expect(changes).toHaveBeenCalledOnce();
  });

  it('a success between failures starts the count again', () => {
    const { connectivity } = setup();
    for (let i = 1; i < FAILURES_TO_OFFLINE; i++) connectivity.reportFailure();
    connectivity.reportSuccess();
    connectivity.reportFailure();
    expect(connectivity.isOnline()).toBe(true);
  });

  it('probes the server while unreachable and is online again when it answers', async () => {
    const { connectivity, probe, setServerAnswers, changes } = setup();
    for (let i = 0; i < FAILURES_TO_OFFLINE; i++) connectivity.reportFailure();
    await vi.advanceTimersByTimeAsync(PROBE_DELAYS_MS[0]);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(connectivity.isOnline()).toBe(false);
    setServerAnswers(true);
    await vi.advanceTimersByTimeAsync(PROBE_DELAYS_MS[1]);
    expect(probe).toHaveBeenCalledTimes(2);
    expect(connectivity.isOnline()).toBe(true);
    expect(changes).toHaveBeenCalledTimes(2);
    // Online again: no more probes.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(probe).toHaveBeenCalledTimes(2);
  });

  it('follows the browser: offline when it says so, and a new network is worth a try', () => {
    const { connectivity, setBrowserOnline } = setup();
    setBrowserOnline(false);
    expect(connectivity.isOnline()).toBe(false);
    for (let i = 0; i < FAILURES_TO_OFFLINE; i++) connectivity.reportFailure();
    setBrowserOnline(true);
    expect(connectivity.isOnline()).toBe(true);
  });

  it('does not probe while the browser has no network at all', async () => {
    const { connectivity, probe, setBrowserOnline } = setup();
    for (let i = 0; i < FAILURES_TO_OFFLINE; i++) connectivity.reportFailure();
    setBrowserOnline(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(probe).not.toHaveBeenCalled();
  });
});
