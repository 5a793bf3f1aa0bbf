/**
 * A lookup by key whose concurrent callers share queries (docs/performance.md "The list
 * versions are read in batches on a PostgreSQL server"): the keys asked for in one turn of the
 * event loop are read together by one query, started after that turn. A caller is answered only
 * by a query that started after it asked, so what it reads is as fresh as a query of its own:
 * a client that wrote and then reads sees its write, on any instance. Under load a read costs a
 * share of one query instead of a query. No batch waits for another: behind a busy connection
 * pool each waits its turn once, as a query of its own would.
 */
export type BatchedLookup<V> = (key: string) => Promise<V | undefined>;

/** The most keys one query reads; the rest go into the next. */
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
  let scheduled = false;

  const run = (batch: Map<string, Waiter<V>[]>) => {
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
      );
  };

  const flush = () => {
    scheduled = false;
    const keys = [...waiting.keys()];
    for (let start = 0; start < keys.length; start += MAX_BATCH_KEYS) {
      run(new Map(keys.slice(start, start + MAX_BATCH_KEYS).map((key) => [key, waiting.get(key)!])));
    }
    waiting = new Map();
  };

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      const waiters = waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    });
}
