import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../server/src/db/seed/demo-users';
import { bearer, startTestApp, type TestApp } from './helpers';

/**
 * The demo sign-in (docs/api.md "Demo sign-on") hands out tokens for the five demo users only,
 * never for another row of `users` (a real user signed in through OpenID Connect must not be
 * borrowed).
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp(null);
  await t.app.db
    .insertInto('users')
    .values({
      id: '10000000-0000-4000-8000-0000000000ee',
      user_name: 'oidc:anna',
      display_name: 'Anna Assessor',
      role: 'write',
      sso_uuid: '20000000-0000-4000-8000-0000000000ee',
      logout_url: null,
    })
    .execute();
});

afterAll(() => t?.close());

describe('demo sign-in', () => {
  it('issues a token for each demo user', async () => {
    for (const user of DEMO_USERS) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/auth/demo-token',
        payload: { userName: user.userName },
      });
      expect(response.statusCode, user.userName).toBe(200);
    }
  });

  it('refuses any other user, through the token endpoint and the sign-in page alike', async () => {
    const token = await t.app.inject({
      method: 'POST',
      url: '/auth/demo-token',
      payload: { userName: 'oidc:anna' },
    });
    expect(token.statusCode).toBe(404);
    expect(token.json()).toMatchObject({ code: 'NOT_FOUND' });
    const page = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { userName: 'oidc:anna', returnPath: '/' },
    });
    expect(page.statusCode).toBe(404);
    expect(page.headers.location).toBeUndefined();
  });

  it("a demo user's token still works after the refusal of another", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/demo-token',
      payload: { userName: 'laeser' },
    });
    const userinfo = await t.app.inject({
      url: '/api/v2/userinfo',
      headers: bearer(response.json<{ token: string }>().token),
    });
    expect(userinfo.json()).toMatchObject({ role: 'read' });
  });
});
