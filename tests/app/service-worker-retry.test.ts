// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { retryFailedFirstInstall } from '../../src/app/pwa';

/** A worker being installed, whose state the test moves on. */
class FakeWorker extends EventTarget {
  state = 'installing';
  become(state: string) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

function registrationInstalling(worker: FakeWorker): ServiceWorkerRegistration {
  return { installing: worker, active: null } as unknown as ServiceWorkerRegistration;
}

describe('a failed first install of the service worker (src/app/pwa.ts)', () => {
  const register = vi.fn();
  let online = true;

  beforeEach(() => {
    vi.useFakeTimers();
    online = true;
    register.mockReset().mockResolvedValue({ installing: null, active: {} });
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { controller: null, register },
    });
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('is registered again after a while on a line that is up', () => {
    const worker = new FakeWorker();
    retryFailedFirstInstall(registrationInstalling(worker));
    worker.become('redundant');
    vi.advanceTimersByTime(29_000);
    expect(register).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(register).toHaveBeenCalledExactlyOnceWith('/sw.js', { scope: '/' });
  });

  it('offline, waits for the connection, then registers once', () => {
    online = false;
    const worker = new FakeWorker();
    retryFailedFirstInstall(registrationInstalling(worker));
    worker.become('redundant');
    vi.advanceTimersByTime(60_000);
    expect(register).not.toHaveBeenCalled();
    online = true;
    window.dispatchEvent(new Event('online'));
    window.dispatchEvent(new Event('online'));
    vi.advanceTimersByTime(60_000);
    expect(register).toHaveBeenCalledOnce();
  });

  it('leaves a worker that installed, and an update beside an active worker, alone', () => {
    const installed = new FakeWorker();
    retryFailedFirstInstall(registrationInstalling(installed));
    installed.become('installed');
    const update = new FakeWorker();
    retryFailedFirstInstall({ installing: update, active: {} } as unknown as ServiceWorkerRegistration);
    update.become('redundant');
    vi.advanceTimersByTime(60_000);
    window.dispatchEvent(new Event('online'));
    expect(register).not.toHaveBeenCalled();
  });
});
