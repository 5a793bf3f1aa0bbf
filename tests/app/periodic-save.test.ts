// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetOfflineRegistry } from '../../src/offline/client-state';
import { periodicSaver } from '../../src/offline/take-along/periodic-save';
import type { TakeAlongRun } from '../../src/offline/take-along/take-along-run';

beforeEach(() => {
  localStorage.clear();
  resetOfflineRegistry();
});

describe('the saves during a take along (docs/architecture.md "Taken along offline")', () => {
  it('saves first after 50 residences, then every 200, naming what it saved each time', async () => {
    const persistNow = vi.fn(async () => {});
    const recordFetched = vi.fn();
    const run = {
      progress: { done: 0 },
      recordFetched,
      persistence: { persistNow },
    } as unknown as TakeAlongRun;
    const saveNow = periodicSaver(run);
    const savedAt: number[] = [];
    for (let done = 1; done <= 700; done++) {
      run.progress.done = done;
      const before = persistNow.mock.calls.length;
      await saveNow();
      if (persistNow.mock.calls.length > before) savedAt.push(done);
    }
    expect(savedAt).toEqual([50, 250, 450, 650]);
    // The residences saved are named in the record first, before each save.
    expect(recordFetched).toHaveBeenCalledTimes(savedAt.length);
  });
});
