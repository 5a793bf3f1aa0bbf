import { useEffect, useState } from 'react';

/**
 * Whether `waiting` has held for `ms` since `key` came (the query a screen waits on): a screen
 * that waits for the server can show what the device holds meanwhile instead of a spinner that,
 * on a connection that passes nothing, turns only after the request's time-out
 * (docs/architecture.md 2, "Lie-fi is offline"). A new key starts the wait again.
 */
export function useWaitedFor(waiting: boolean, key: string, ms: number): boolean {
  const [waitedFor, setWaitedFor] = useState<string | null>(null);
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setWaitedFor(key), ms);
    return () => clearTimeout(timer);
  }, [waiting, key, ms]);
  return waiting && waitedFor === key;
}
