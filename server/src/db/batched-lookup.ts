/**
 * A lookup by key whose concurrent callers share queries (docs/performance.md "The list
 * versions are read in batches on a PostgreSQL server"):
 * while one query runs, the keys asked for meanwhile wait, and the next query reads all of them
 * at once. A caller is answered only by a query that started after it asked, so what it reads
 * is as fresh as a query of its own: a client that wrote and then reads sees its write, on any
 * instance. Under load a read costs a share of one query instead of a query; alone it costs
 * one query, as before, and waits for nothing else.
 */
export type BatchedLookup<V> = (key: string) => Promise<V | undefined>;

/** The most keys one query reads; the rest wait for the next. */
export const MAX_BATCH_KEYS = 500;

interface Waiter<V> {
  resolve(value: V | undefined): void;
  reject(error: unknown): void;
}

export function createBatchedLookup<V>(
  /** Reads the keys' values; a key missing from the map has none. */
  load: (keys: readonly string[]) => Promise<ReadonlyMap<string, V>>,
): BatchedLookup<V> {
  let waiting = new Map<string, Waiter<V>[]>();
  let running = false;

  const run = () => {
    let batch = waiting;
    waiting = new Map();
    if (batch.size > MAX_BATCH_KEYS) {
      const keys = [...batch.keys()];
      for (const key of keys.slice(MAX_BATCH_KEYS)) waiting.set(key, batch.get(key)!);
      batch = new Map(keys.slice(0, MAX_BATCH_KEYS).map((key) => [key, batch.get(key)!]));
    }
    running = true;
    // Through a promise: a load that throws at once fails its batch, not every later one.
    Promise.resolve([...batch.keys()])
      .then(load)
      .then(
        (values) => {
          for (const [key, waiters] of batch) for (const w of waiters) w.resolve(values.get(key));
        },
        (error: unknown) => {
          for (const waiters of batch.values()) for (const w of waiters) w.reject(error);
        },
      )
      .finally(() => {
        running = false;
        if (waiting.size > 0) run();
      });
  };

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      const waiters = waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
      if (!running) run();
    });
}
