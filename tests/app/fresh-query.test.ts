// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freshOrCached } from '../../src/api/fresh-query';
import { ApiError } from '../../src/api/http';

const online = (value: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(value);

describe('freshOrCached: the server’s current data, the cache only when the network fails', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks the server when online, even with a cached copy', async () => {
    online(true);
    const fetchFresh = vi.fn().mockResolvedValue('fresh');
    await expect(freshOrCached(fetchFresh, 'cached')).resolves.toBe('fresh');
    expect(fetchFresh).toHaveBeenCalledOnce();
  });

  it('answers the cached copy offline without asking', async () => {
    online(false);
    const fetchFresh = vi.fn().mockResolvedValue('fresh');
    await expect(freshOrCached(fetchFresh, 'cached')).resolves.toBe('cached');
    expect(fetchFresh).not.toHaveBeenCalled();
  });

  it('falls back to the cached copy when the network fails, not when the server refuses', async () => {
    online(true);
    await expect(freshOrCached(() => Promise.reject(new ApiError(0, 'offline')), 'cached')).resolves.toBe(
      'cached',
    );
    const refused = new ApiError(404, 'gone');
    await expect(freshOrCached(() => Promise.reject(refused), 'cached')).rejects.toBe(refused);
  });

  it('answers the cached copy when the server has not answered within the wait', async () => {
    online(true);
    vi.useFakeTimers();
    try {
      const pending = freshOrCached(() => new Promise<string>(() => undefined), 'cached', 1_000);
      await vi.advanceTimersByTimeAsync(1_000);
      await expect(pending).resolves.toBe('cached');
    } finally {
      vi.useRealTimers();
    }
  });

  it('has nothing to fall back to without a cached copy, offline too', async () => {
    online(false);
    const failure = new ApiError(0, 'offline');
    await expect(freshOrCached(() => Promise.reject(failure), undefined)).rejects.toBe(failure);
  });
});
