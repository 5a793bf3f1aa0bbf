/**
 * Sums the API's answers while a run goes on, from the browser's resource timing (the bytes on
 * the wire, compressed); null where there is no PerformanceObserver for resources (tests).
 */
export function transferMeter(): { bytes(): number; stop(): void } | null {
  if (typeof PerformanceObserver === 'undefined') return null;
  if (!PerformanceObserver.supportedEntryTypes?.includes('resource')) return null;
  let total = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceResourceTiming[]) {
      if (!entry.name.includes('/api/')) continue;
      total += entry.transferSize || entry.encodedBodySize || 0;
    }
  });
  observer.observe({ type: 'resource', buffered: false });
  return {
    bytes: () => total,
    stop: () => observer.disconnect(),
  };
}

/** An answer's size as JSON: the bytes counted where the browser reports no transfer sizes. */
export const jsonSize = (value: unknown) => (value === undefined ? 0 : JSON.stringify(value).length);
