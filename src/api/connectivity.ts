import { API_BASE_URL } from './api-base';
import { createListeners } from '../lib/listeners';

/**
 * Whether requests get through (docs/architecture.md 2, "Lie-fi is offline"). The browser's
 * `navigator.onLine` only says that a network is attached: a phone on a Wi-Fi without internet,
 * or a basement with one bar, says online while every request hangs. So the app also counts
 * what its own requests meet: after `FAILURES_TO_OFFLINE` network failures (no answer at all,
 * or a time-out) in a row it is offline, as if the browser had said so, until a request or the
 * probe gets any answer from the server again. Offline it probes the server with a short
 * time-out, because a connection that comes back fires no `online` event.
 */

/** Network failures in a row after which the app counts as offline. */
export const FAILURES_TO_OFFLINE = 2;
/** Delays between probes while unreachable: soon at first, then every 15 s. */
export const PROBE_DELAYS_MS = [2_000, 5_000, 10_000, 15_000] as const;
export const PROBE_TIMEOUT_MS = 5_000;
/** A request of the server's own (docs/api.md "Health"); any HTTP answer means it is reachable. */
const PROBE_PATH = '/healthz';

type Listener = () => void;

export interface Connectivity {
  /** The browser has a network, and requests have not been failing. */
  isOnline(): boolean;
  /** A request got no answer (network error or time-out). */
  reportFailure(): void;
  /** A request got an answer (any HTTP status): the network passes. */
  reportSuccess(): void;
  subscribe(listener: Listener): () => void;
}

export interface ConnectivityOptions {
  browserOnline: () => boolean;
  /** Resolves when the server answered anything; rejects when nothing came back in time. */
  probe: () => Promise<void>;
  /** Subscribes to the browser's online and offline events. */
  listenToBrowser: (onChange: (online: boolean) => void) => void;
}

export function createConnectivity(options: ConnectivityOptions): Connectivity {
  let failures = 0;
  let unreachable = false;
  let probes = 0;
  let probeTimer: ReturnType<typeof setTimeout> | null = null;
  const listeners = createListeners();
  const emit = () => listeners.emit();

  const stopProbing = () => {
    if (probeTimer !== null) clearTimeout(probeTimer);
    probeTimer = null;
    probes = 0;
  };

  const scheduleProbe = () => {
    if (probeTimer !== null || !unreachable) return;
    const delay = PROBE_DELAYS_MS[Math.min(probes, PROBE_DELAYS_MS.length - 1)]!;
    probes += 1;
    probeTimer = setTimeout(() => {
      probeTimer = null;
      // The browser says there is no network at all: its online event will say when it returns.
      if (!options.browserOnline()) return scheduleProbe();
      options.probe().then(connectivity.reportSuccess, scheduleProbe);
    }, delay);
  };

  const connectivity: Connectivity = {
    isOnline: () => options.browserOnline() && !unreachable,
    reportFailure() {
      failures += 1;
      if (unreachable || failures < FAILURES_TO_OFFLINE) return;
      unreachable = true;
      emit();
      scheduleProbe();
    },
    reportSuccess() {
      failures = 0;
      if (!unreachable) return;
      unreachable = false;
      stopProbing();
      emit();
    },
    subscribe(listener) {
      return listeners.subscribe(listener);
    },
  };

  options.listenToBrowser((online) => {
    // A network attached anew is worth a try: the next failures will tell again.
    if (online) {
      failures = 0;
      unreachable = false;
      stopProbing();
    }
    emit();
  });
  return connectivity;
}

async function probeServer(): Promise<void> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), PROBE_TIMEOUT_MS);
  try {
    // Opaque is enough (an API on another origin need not allow this page): any answer counts.
    await fetch(`${API_BASE_URL}${PROBE_PATH}`, {
      cache: 'no-store',
      mode: 'no-cors',
      signal: controller.signal,
    });
  } finally {
    clearTimeout(timer);
  }
}

/** The app's one connectivity state (tests build their own with createConnectivity). */
export const connectivity: Connectivity = createConnectivity({
  browserOnline: () => typeof navigator === 'undefined' || navigator.onLine,
  probe: probeServer,
  listenToBrowser: (onChange) => {
    if (typeof window === 'undefined') return;
    window.addEventListener('online', () => onChange(true));
    window.addEventListener('offline', () => onChange(false));
  },
});
