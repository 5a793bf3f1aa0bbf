import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from '../../server/src/auth/tokens';
import { HttpError } from '../../server/src/errors';

/**
 * The token service memoizes verification and signing (every authenticated request does
 * both): the memos must answer exactly what jose would, expiry included.
 */
const SECRET = 'a-test-secret-that-is-long-enough';
const user = { id: '10000000-0000-4000-8000-000000000001', sso_uuid: '20000000-0000-4000-8000-000000000001' };

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { iat: number; exp: number };

async function refusal(promise: Promise<unknown>): Promise<{ statusCode: number; code: string | undefined }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('createTokenService', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses a token it verified before once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T12:00:00.000Z'));
    const tokens = createTokenService(SECRET, 60);
    const token = await tokens.sign(user, 2);
    expect((await tokens.verify(token)).sub).toBe(user.id);
    vi.setSystemTime(new Date('2030-01-01T12:00:01.999Z'));
    expect((await tokens.verify(token)).ttlS).toBe(2);
    // exp is now: expired, as jose counts it.
    vi.setSystemTime(new Date('2030-01-01T12:00:02.000Z'));
    expect(await refusal(tokens.verify(token))).toMatchObject({ statusCode: 401, code: 'TOKEN_EXPIRED' });
    expect(await refusal(tokens.verify(token))).toMatchObject({ statusCode: 401, code: 'TOKEN_EXPIRED' });
  });

  it('refuses a tampered token even after the genuine one was verified', async () => {
    const tokens = createTokenService(SECRET, 60);
    const token = await tokens.sign(user);
    await tokens.verify(token);
    const [header, payload, signature] = token.split('.');
    const forged = `${header}.${payload}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await refusal(tokens.verify(forged))).toMatchObject({ statusCode: 401, code: 'TOKEN_INVALID' });
    const other = createTokenService('another-secret-that-is-long-enough', 60);
    expect(await refusal(other.verify(token))).toMatchObject({ statusCode: 401, code: 'TOKEN_INVALID' });
  });

  it('refuses a correctly signed token whose ids are not UUIDs (401, never a query that fails as 500)', async () => {
    const tokens = createTokenService(SECRET, 60);
    for (const ids of [
      { id: 'not-a-uuid', sso_uuid: user.sso_uuid },
      { id: user.id, sso_uuid: 'x\u0000y' },
    ]) {
      const token = await tokens.sign(ids);
      expect(await refusal(tokens.verify(token))).toMatchObject({ statusCode: 401, code: 'TOKEN_INVALID' });
    }
  });

  it('signs once per user and lifetime within a sixtieth of that lifetime, with the lifetime asked for', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T12:00:00.100Z'));
    const tokens = createTokenService(SECRET, 3600);
    const a = await tokens.sign(user);
    vi.setSystemTime(new Date('2030-01-01T12:00:00.900Z'));
    expect(await tokens.sign(user)).toBe(a);
    const short = await tokens.sign(user, 60);
    expect(short).not.toBe(a);
    expect(claimsOf(short).exp - claimsOf(short).iat).toBe(60);
    const otherUser = await tokens.sign({ ...user, id: '10000000-0000-4000-8000-000000000002' });
    expect(otherUser).not.toBe(a);
    // A renewal keeps its session's sign-in time: a minute of an hour's token, a second of a
    // minute's token.
    const authTime = claimsOf(a).iat;
    vi.setSystemTime(new Date('2030-01-01T12:00:01.000Z'));
    expect(await tokens.sign(user, 60, authTime)).not.toBe(short);
    vi.setSystemTime(new Date('2030-01-01T12:00:59.900Z'));
    expect(await tokens.sign(user, 3600, authTime)).toBe(a);
    vi.setSystemTime(new Date('2030-01-01T12:01:00.000Z'));
    const later = await tokens.sign(user, 3600, authTime);
    expect(later).not.toBe(a);
    expect(claimsOf(later).iat).toBe(claimsOf(a).iat + 60);
    expect(claimsOf(later).exp - claimsOf(later).iat).toBe(3600);
    expect((await tokens.verify(later)).sub).toBe(user.id);
  });

  it('keeps the sign-in time through renewals and ends the session 12 hours after it, however often renewed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const signedIn = new Date('2030-01-01T08:00:00.000Z');
    vi.setSystemTime(signedIn);
    const tokens = createTokenService(SECRET, 3600);
    let token = await tokens.sign(user);
    const authTime = (await tokens.verify(token)).authTime;
    expect(authTime).toBe(signedIn.getTime() / 1000);
    // Renewed every 50 minutes all day, as a busy assessor's app renews it.
    for (let minutes = 50; minutes < 12 * 60; minutes += 50) {
      vi.setSystemTime(new Date(signedIn.getTime() + minutes * 60_000));
      const claims = await tokens.verify(token);
      expect(claims.authTime).toBe(authTime);
      token = await tokens.sign(user, claims.ttlS, claims.authTime);
    }
    // The last renewal expires at the limit, not an hour after it.
    expect(claimsOf(token).exp).toBe(authTime + 12 * 3600);
    vi.setSystemTime(new Date(signedIn.getTime() + 12 * 3600_000 - 1000));
    expect((await tokens.verify(token)).sub).toBe(user.id);
    vi.setSystemTime(new Date(signedIn.getTime() + 12 * 3600_000));
    expect(await refusal(tokens.verify(token))).toMatchObject({ statusCode: 401, code: 'TOKEN_EXPIRED' });
    // A new sign-in is a new session.
    const fresh = await tokens.sign(user);
    expect((await tokens.verify(fresh)).authTime).toBe(authTime + 12 * 3600);
  });

  it('refuses a token whose session is over even when its own expiry is later (another limit, or an old renewal)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T08:00:00.000Z'));
    const generous = createTokenService(SECRET, 3600, 24 * 3600);
    const strict = createTokenService(SECRET, 3600, 600);
    const token = await generous.sign(user);
    expect((await strict.verify(token)).sub).toBe(user.id);
    vi.setSystemTime(new Date('2030-01-01T08:10:00.000Z'));
    expect(await refusal(strict.verify(token))).toMatchObject({ statusCode: 401, code: 'TOKEN_EXPIRED' });
  });
});
