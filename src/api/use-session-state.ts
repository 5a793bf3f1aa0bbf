import { useSyncExternalStore } from 'react';
import { tokenStore } from './token-store';
import { nextSessionChangeAt, type SessionState } from '../domain/session-rules';

/** setTimeout holds at most this; a later change is looked at again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Re-renders when the session changes: a token stored, renewed, dropped or cleared, and the
 * moments it changes by itself (the token's expiry, the device session's lock).
 */
function subscribe(onChange: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    clearTimeout(timer);
    const now = Date.now();
    const next = nextSessionChangeAt({
      exp: tokenStore.claims()?.exp ?? null,
      device: tokenStore.deviceSession(),
      nowMs: now,
    });
    if (next === null) return;
    timer = setTimeout(
      () => {
        onChange();
        schedule();
      },
      Math.min(next - now + 1, MAX_TIMER_MS),
    );
  };
  const unwatch = tokenStore.watch(() => {
    onChange();
    schedule();
  });
  schedule();
  return () => {
    clearTimeout(timer);
    unwatch();
  };
}

/** The session on this device (docs/product.md "Session"), as it is now. */
export function useSessionState(): SessionState {
  return useSyncExternalStore(subscribe, () => tokenStore.state());
}
