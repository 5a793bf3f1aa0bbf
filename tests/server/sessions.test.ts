import { sql } from 'kysely';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionStore, LIVE_FOR_MS } from '../../server/src/auth/sessions';
import { createTokenService } from '../../server/src/auth/tokens';
import { bearer, demoToken, startTestApp, type TestApp } from './helpers';

/**
 * Server-side sessions (docs/architecture.md "Sessions and revocation"): "Log ud" ends the token,
 * and every copy of it, which every answer used to renew for up to 12 hours.
 */
describe('sessions and revocation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(null);
  });
  afterAll(async () => {
    await t?.close();
  });

  const userInfo = (token: string) => t.app.inject({ url: '/api/v2/userinfo', headers: bearer(token) });
  const logout = (token: string) =>
    t.app.inject({ method: 'POST', url: '/auth/logout', headers: bearer(token) });

  it('a sign-in starts a session that every renewal keeps; logout ends it for every copy', async () => {
    const token = await demoToken(t.app, 'skriver');
    const sid = decodeJwt(token).sid;
    expect(sid).toMatch(/^[0-9a-f-]{36}$/);
    const answer = await userInfo(token);
    expect(answer.statusCode).toBe(200);
    const renewed = String(answer.headers['set-authorization']);
    expect(decodeJwt(renewed).sid).toBe(sid);
    // Another sign-in of the same user is another session.
    const other = await demoToken(t.app, 'skriver');

    const ended = await logout(token);
    expect([ended.statusCode, ended.json()]).toEqual([200, { status: 'ended' }]);
    expect(ended.headers['set-authorization']).toBeUndefined();
    for (const copy of [token, renewed]) {
      const refused = await userInfo(copy);
      expect([refused.statusCode, refused.json<{ code: string }>().code]).toEqual([401, 'SESSION_ENDED']);
    }
    expect((await userInfo(other)).statusCode).toBe(200);
    // Ending it again changes nothing; a token that was never ours ends nothing.
    expect((await logout(renewed)).statusCode).toBe(200);
    expect((await logout('nonsense')).statusCode).toBe(401);
  });

  it('ends the session of a device whose own token has expired meanwhile (copies of it may live on)', async () => {
    const token = await demoToken(t.app, 'skriver', 1);
    const sid = decodeJwt(token).sid as string;
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await userInfo(token)).json<{ code: string }>().code).toBe('TOKEN_EXPIRED');
    const ended = await logout(token);
    expect([ended.statusCode, ended.json()]).toEqual([200, { status: 'ended' }]);
    const row = await t.app.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('id', '=', sid)
      .executeTakeFirstOrThrow();
    expect(row.revoked_at).not.toBeNull();
    // A token signed with another secret ends nothing, expired or not.
    const foreign = await createTokenService('another-secret-of-at-least-32-bytes!!', 60).sign({
      id: '00000000-0000-4000-8000-000000000001',
      sso_uuid: '00000000-0000-4000-8000-000000000002',
      sid,
    });
    expect((await logout(foreign)).statusCode).toBe(401);
  });

  it('a token signed before sessions existed (no sid) lives out its time', async () => {
    const tokens = createTokenService('test-secret-that-is-long-enough-123', 3600);
    const user = await t.app.db
      .selectFrom('users')
      .select(['id', 'sso_uuid'])
      .where('user_name', '=', 'laeser')
      .executeTakeFirstOrThrow();
    const legacy = await tokens.sign(user);
    expect(decodeJwt(legacy).sid).toBeUndefined();
    expect((await userInfo(legacy)).statusCode).toBe(200);
  });

  it('another instance’s revocation holds here within a second (PostgreSQL is the shared truth)', async () => {
    let now = 1_000_000;
    const here = createSessionStore(t.app.db, () => now);
    const user = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('user_name', '=', 'flere')
      .executeTakeFirstOrThrow();
    const sid = await here.start(user.id);
    expect(await here.isLive(sid)).toBe(true);
    // The other instance writes the revocation; this one still holds its "live" for a moment.
    await createSessionStore(t.app.db).revoke(sid);
    now += LIVE_FOR_MS - 1;
    expect(await here.isLive(sid)).toBe(true);
    now += 1;
    expect(await here.isLive(sid)).toBe(false);
    expect(await here.isLive('00000000-0000-4000-8000-000000000000')).toBe(false);
  });

  it('prunes sessions signed in longer ago than any token of theirs can live', async () => {
    const store = createSessionStore(t.app.db);
    const user = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('user_name', '=', 'flere')
      .executeTakeFirstOrThrow();
    const fresh = await store.start(user.id);
    const old = await store.start(user.id);
    await t.app.db
      .updateTable('sessions')
      .set({ created_at: sql<Date>`now() - interval '2 days'` })
      .where('id', '=', old)
      .execute();
    expect(await store.prune(13 * 3600)).toBeGreaterThanOrEqual(1);
    const left = await t.app.db.selectFrom('sessions').select('id').where('id', 'in', [fresh, old]).execute();
    expect(left.map((row) => row.id)).toEqual([fresh]);
  });
});
