// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../src/api/token-store';
import { endSession } from '../../src/features/session/end-session';

/** A JWT-shaped (unsigned) token: the app reads its claims, the server judges its signature. */
const tokenWith = (claims: Record<string, unknown>) =>
  [{ alg: 'HS256', typ: 'JWT' }, claims, 'signature']
    .map((part) => Buffer.from(typeof part === 'string' ? part : JSON.stringify(part)).toString('base64url'))
    .join('.');
const nowS = () => Math.floor(Date.now() / 1000);

afterEach(() => {
  vi.unstubAllGlobals();
  tokenStore.clear();
});

describe('logout ends the session on the server', () => {
  it("sends the device's last token, also once it has expired: a copy of it may still be renewed elsewhere", async () => {
    const token = tokenWith({ sso_uuid: 'u1', exp: nowS() - 60, auth_time: nowS() - 3_600 });
    tokenStore.set(token, { signIn: true });
    expect(tokenStore.get()).toBeNull(); // the cookie went with the token's expiry
    const fetch = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) =>
        new Response(JSON.stringify({ status: 'ended' }), {
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);

    await endSession(new QueryClient());

    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toMatch(/\/auth\/logout$/);
    expect((init!.headers as Record<string, string>).Authorization).toBe(`Bearer ${token}`);
    // Ended: nothing is left to end another time.
    expect(tokenStore.lastToken()).toBeNull();
  });
});
