import { useSyncExternalStore } from 'react';
import { tokenStore } from './token-store';
import { nextSessionChangeAt, timerDelayMs, type SessionState } from '../../shared/rules/session-rules';

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
      timerDelayMs(next + 1, now),
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
