/**
 * The answers to the requests index.html sent before the app's script arrived
 * (src/app/early-requests.ts, docs/performance.md "Bytes on the wire"), by URL. `apiRequest`
 * takes one instead of asking again when it was sent for the user signed in now, and not long
 * ago; each is taken once. Whatever the first screen did not take is dropped once it is
 * shown (`dropEarlyResponses`), so no later request is answered with an old reply.
 */

import { decodeToken } from './token-store';

interface EarlyResponse {
  /** The token the request carried. */
  t: string;
  /** When it was sent (epoch ms). */
  at: number;
  p: Promise<Response>;
}

declare global {
  interface Window {
    __btEarly?: Record<string, EarlyResponse>;
  }
}

/** An early answer older than this is not taken: a start that slow asks again. */
const EARLY_MAX_AGE_MS = 60_000;

/**
 * The early answer to `url` when it was asked for in this session: with this token, or with an
 * earlier one of the same user (every answer renews the token, docs/api.md "Token renewal", so
 * a loader that runs after the guards holds a newer one than index.html sent).
 */
export function takeEarlyResponse(
  url: string,
  token: string | null,
  now = Date.now(),
): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__btEarly?.[url];
  if (!early) return undefined;
  Reflect.deleteProperty(window.__btEarly!, url);
  if (!token || now - early.at > EARLY_MAX_AGE_MS || !sameUser(early.t, token)) return undefined;
  return early.p;
}

function sameUser(sent: string, current: string): boolean {
  if (sent === current) return true;
  try {
    return decodeToken(sent).sso_uuid === decodeToken(current).sso_uuid;
  } catch {
    return false;
  }
}

export function dropEarlyResponses(): void {
  if (typeof window !== 'undefined') delete window.__btEarly;
}
