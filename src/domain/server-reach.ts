import type { SessionState } from '../../shared/rules/session-rules';

/**
 * Whether an action that only the server can do may be asked for now (docs/product.md "Session"):
 * not offline (the request would not arrive), and not while the device's session goes on without
 * a token (it would be refused, 401). Offline comes first: it is the first thing in the way, and
 * the header says the rest.
 */
export type ServerReach = 'ready' | 'offline' | 'signIn';

export function serverReach(online: boolean, session: SessionState): ServerReach {
  if (!online) return 'offline';
  return session === 'renew' ? 'signIn' : 'ready';
}
