/**
 * Runs `task` over `items`, `workers` at a time, each worker taking the next item in turn. The
 * first failure stops every worker (through `stop`) and is thrown once all of them have stopped,
 * so that nothing is still being fetched or recorded when the caller handles it.
 */
export async function runPool<T>(
  items: readonly T[],
  workers: number,
  stop: AbortController,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (!stop.signal.aborted) {
      if (next >= items.length) return;
      const item = items[next++]!;
      try {
        await task(item);
      } catch (error) {
        stop.abort();
        throw error;
      }
    }
  };
  const settled = await Promise.allSettled(Array.from({ length: workers }, worker));
  const failure = settled.find((w): w is PromiseRejectedResult => w.status === 'rejected');
  if (failure) throw failure.reason;
}
