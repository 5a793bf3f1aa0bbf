import { apiRequest } from './http';

/** How long logout waits for the server before it goes on without it. */
const LOGOUT_TIMEOUT_MS = 3_000;

/**
 * POST /auth/logout (docs/api.md): the server ends the token's session, so a copy of the token
 * (from a proxy's log, a shared device, the sign-in URL) stops working too (docs/architecture.md
 * 4 "Sessions and revocation").
 */
export async function endServerSession(token: string): Promise<void> {
  // Named here: the device's own token may have expired (its cookie is gone), the session not.
  await apiRequest('/auth/logout', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    timeoutMs: LOGOUT_TIMEOUT_MS,
  });
}
