/**
 * Sums the API's answers while a run goes on, from the browser's resource timing (the bytes on
 * the wire, compressed); null where there is no PerformanceObserver for resources (tests).
 */
export function transferMeter(): { bytes(): number; stop(): void } | null {
  if (typeof PerformanceObserver === 'undefined') return null;
  if (!PerformanceObserver.supportedEntryTypes?.includes('resource')) return null;
  let total = 0;
  const add = (entries: PerformanceEntryList) => {
    for (const entry of entries as PerformanceResourceTiming[]) {
      if (!entry.name.includes('/api/')) continue;
      total += entry.transferSize || entry.encodedBodySize || 0;
    }
  };
  const observer = new PerformanceObserver((list) => add(list.getEntries()));
  observer.observe({ type: 'resource', buffered: false });
  return {
    // The observer hears of an answer a task after it arrived; taking its records here counts
    // the answer just read, so the figure does not start on the JSON size and then drop.
    bytes: () => {
      add(observer.takeRecords());
      return total;
    },
    stop: () => observer.disconnect(),
  };
}

/** An answer's size as JSON: the bytes counted where the browser reports no transfer sizes. */
export const jsonSize = (value: unknown) => (value === undefined ? 0 : JSON.stringify(value).length);
