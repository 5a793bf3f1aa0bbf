import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { da } from '../../shared/texts/da';
import { createTokenService } from '../../server/src/auth/tokens';
import { forgetUsers, USER_CACHE_TTL_MS } from '../../server/src/auth/user-cache';
import { DEMO_USERS } from '../../server/src/db/seed/demo-users';
import { bearer, PGLITE_ONLY, demoToken, startTestApp, type TestApp } from './helpers';

const SECTION_8_KEYS = [
  'search.error',
  'search.noResults',
  'table.noResults',
  'departments.noneFound',
  'organization.error',
  'organization.noOrganization',
  'general.error',
  'general.saving',
  'general.saved',
  'general.notSaved',
  'general.404',
  'assessment.error',
  'assessment.createNew.error',
  'assessment.dialog.overwrite.error',
  'assessment.dialog.unlock.error',
  'assessment.rangeError',
  'assessmentResult.handicapScoresError',
  'assessmentResult.approveNow.error',
  'assessmentApprove.error.title',
  'assessmentApprove.error.description',
  'abort.dialog.error',
  'bulkCopy.error',
  'bulkApprove.error.title',
  'bulkApprove.error.description',
  'propertiesList.copyProperties.error.title',
  'propertiesList.copyProperties.error.description',
  'nearbyProperties.locationDisabledError',
];

/** The authenticated endpoints of Foundation I. */
const AUTHENTICATED = ['/api/v2/userinfo', '/api/v2/organizations/getorganizations'];

function tamper(token: string): string {
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
  claims.sso_uuid = DEMO_USERS[2]!.ssoUuid; // claim to be someone else, keep the old signature
  return [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
}

describe.each(PGLITE_ONLY)('reference API core on $name', ({ admin }) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let expired: string;

  beforeAll(async () => {
    t = await startTestApp(admin);
    for (const user of DEMO_USERS) tokens[user.userName] = await demoToken(t.app, user.userName);
    const skriver = DEMO_USERS[0]!;
    const now = Math.floor(Date.now() / 1000);
    expired = await new SignJWT({ sso_uuid: skriver.ssoUuid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(skriver.id)
      .setIssuer('boligtilgaengelighed')
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(new TextEncoder().encode(t.config.jwtSecret));
  });
  afterAll(async () => {
    await t?.close();
  });

  describe.each(AUTHENTICATED)('%s', (url) => {
    it('answers a good token with 200 and a renewed token', async () => {
      const response = await t.app.inject({ url, headers: bearer(tokens.skriver!) });
      expect(response.statusCode).toBe(200);
      const renewed = response.headers['set-authorization'];
      expect(typeof renewed).toBe('string');
      const again = await t.app.inject({ url, headers: bearer(renewed as string) });
      expect(again.statusCode).toBe(200);
    });

    it.each([
      ['no token', () => ({})],
      ['a garbage token', () => bearer('not-a-jwt')],
      ['a tampered token', () => bearer(tamper(tokens.skriver!))],
      ['an expired token', () => bearer(expired)],
      ['another scheme', () => ({ authorization: `Basic ${Buffer.from('skriver:x').toString('base64')}` })],
    ])('answers %s with 401 JSON and no renewal', async (_name, headers) => {
      const response = await t.app.inject({ url, headers: headers() });
      expect(response.statusCode).toBe(401);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json().message).toEqual(expect.any(String));
      expect(response.headers['set-authorization']).toBeUndefined();
    });

    it('answers the role none with 403 Forbidden', async () => {
      const response = await t.app.inject({ url, headers: bearer(tokens['uden-rolle']!) });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ message: 'Forbidden' });
    });

    it('answers a token signed with another secret with 401', async () => {
      const other = await new SignJWT({ sso_uuid: DEMO_USERS[0]!.ssoUuid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(DEMO_USERS[0]!.id)
        .setIssuer('boligtilgaengelighed')
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('another-secret-entirely-0123456789'));
      const response = await t.app.inject({ url, headers: bearer(other) });
      expect(response.statusCode).toBe(401);
    });
  });

  it('refuses a user whose role is missing with 403', async () => {
    const id = '10000000-0000-4000-8000-0000000000ff';
    await t.app.db
      .insertInto('users')
      .values({
        id,
        user_name: 'rolleloes',
        display_name: 'Rolleløs',
        role: null,
        sso_uuid: '20000000-0000-4000-8000-0000000000ff',
        logout_url: null,
      })
      .execute();
    // Not a demo user, so no demo token: signed as a real sign-in would sign it.
    const token = await createTokenService(t.config.jwtSecret, 3600).sign({
      id,
      sso_uuid: '20000000-0000-4000-8000-0000000000ff',
    });
    const response = await t.app.inject({ url: '/api/v2/userinfo', headers: bearer(token) });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Forbidden');
  });

  it('compares roles lower-cased', async () => {
    await t.app.db.updateTable('users').set({ role: 'WRITE' }).where('user_name', '=', 'flere').execute();
    forgetUsers(t.app.db);
    const response = await t.app.inject({ url: '/api/v2/userinfo', headers: bearer(tokens.flere!) });
    await t.app.db.updateTable('users').set({ role: 'write' }).where('user_name', '=', 'flere').execute();
    forgetUsers(t.app.db);
    expect(response.json().role).toBe('write');
  });

  describe('a changed role or membership', () => {
    const organizations = async (user: string) => {
      const response = await t.app.inject({
        url: '/api/v2/organizations/getorganizations',
        headers: bearer(tokens[user]!),
      });
      return response.statusCode === 200 ? response.json<unknown[]>().length : response.statusCode;
    };
    let laeser: { id: string; role: string | null; organizationIds: string[] };

    beforeAll(async () => {
      const user = await t.app.db
        .selectFrom('users')
        .select(['id', 'role'])
        .where('user_name', '=', 'laeser')
        .executeTakeFirstOrThrow();
      const memberships = await t.app.db
        .selectFrom('memberships')
        .select('organization_id')
        .where('user_id', '=', user.id)
        .execute();
      laeser = { ...user, organizationIds: memberships.map((m) => m.organization_id) };
    });
    afterEach(async () => {
      vi.useRealTimers();
      await t.app.db.updateTable('users').set({ role: laeser.role }).where('id', '=', laeser.id).execute();
      await t.app.db
        .insertInto('memberships')
        .values(laeser.organizationIds.map((organization_id) => ({ user_id: laeser.id, organization_id })))
        .onConflict((oc) => oc.doNothing())
        .execute();
      forgetUsers(t.app.db);
    });

    it('takes effect within USER_CACHE_TTL_MS', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      forgetUsers(t.app.db);
      expect(await organizations('laeser')).toBe(1);
      await t.app.db.deleteFrom('memberships').where('user_id', '=', laeser.id).execute();
      await t.app.db.updateTable('users').set({ role: 'none' }).where('id', '=', laeser.id).execute();
      // The documented delay: the user as read a moment ago.
      vi.setSystemTime(Date.now() + USER_CACHE_TTL_MS - 1);
      expect(await organizations('laeser')).toBe(1);
      vi.setSystemTime(Date.now() + 1);
      expect(await organizations('laeser')).toBe(403);
      await t.app.db.updateTable('users').set({ role: 'read' }).where('id', '=', laeser.id).execute();
      vi.setSystemTime(Date.now() + USER_CACHE_TTL_MS);
      expect(await organizations('laeser')).toBe(0);
    });

    it('takes effect at once after forgetUsers', async () => {
      expect(await organizations('laeser')).toBe(1);
      await t.app.db.deleteFrom('memberships').where('user_id', '=', laeser.id).execute();
      forgetUsers(t.app.db);
      expect(await organizations('laeser')).toBe(0);
      await t.app.db.updateTable('users').set({ role: 'none' }).where('id', '=', laeser.id).execute();
      forgetUsers(t.app.db);
      expect(await organizations('laeser')).toBe(403);
    });
  });

  it('tells the user who they are', async () => {
    const skriver = await t.app.inject({ url: '/api/v2/userinfo', headers: bearer(tokens.skriver!) });
    expect(skriver.json()).toEqual({ userName: 'Sofie Skriver', logoutUrl: '/auth/logout', role: 'write' });
    const laeser = await t.app.inject({ url: '/api/v2/userinfo', headers: bearer(tokens.laeser!) });
    expect(laeser.json().role).toBe('read');
  });

  it('lists only the organizations the user belongs to', async () => {
    const names = async (user: string) =>
      (await t.app.inject({ url: '/api/v2/organizations/getorganizations', headers: bearer(tokens[user]!) }))
        .json<{ id: string; name: string }[]>()
        .map((o) => o.name);
    const all = await names('flere');
    expect(all).toHaveLength(3);
    expect(all).toEqual([...all].sort((a, b) => a.localeCompare(b)));
    const own = await names('skriver');
    expect(own).toHaveLength(1);
    expect(all).toContain(own[0]);
    expect(await names('laeser')).toEqual(own);
    expect(await names('uden-org')).toEqual([]);
  });

  it('renews a token with the lifetime it was issued with', async () => {
    const lifetime = async (token: string) => {
      const response = await t.app.inject({ url: '/api/v2/userinfo', headers: bearer(token) });
      const renewed = response.headers['set-authorization'] as string;
      const claims = JSON.parse(Buffer.from(renewed.split('.')[1]!, 'base64url').toString());
      return claims.exp - claims.iat;
    };
    expect(await lifetime(await demoToken(t.app, 'skriver', 60))).toBe(60);
    expect(await lifetime(tokens.skriver!)).toBe(t.config.tokenTtlS);
  });

  describe('GET /api/v2/staticcontent', () => {
    it('serves the configuration content without a token, ignoring a bad one', async () => {
      for (const headers of [{}, bearer('garbage'), bearer(expired), bearer(tokens['uden-rolle']!)]) {
        const response = await t.app.inject({ url: '/api/v2/staticcontent', headers });
        expect(response.statusCode).toBe(200);
        expect(response.headers['set-authorization']).toBeUndefined();
      }
    });

    it('has a Danish translation for every text key of docs/product.md 8 and every bundled key', async () => {
      const content = (await t.app.inject({ url: '/api/v2/staticcontent' })).json();
      const translations: Record<string, string> = content.translationSettings.translations;
      for (const key of [...SECTION_8_KEYS, ...Object.keys(da)]) {
        expect(translations[key], key).toEqual(expect.any(String));
        expect(translations[key]!.trim(), key).not.toBe('');
      }
    });

    it('has help for every question, every relevance and every chapter', async () => {
      const content = (await t.app.inject({ url: '/api/v2/staticcontent' })).json();
      const questions = await t.app.db.selectFrom('questions').select('unique_id').execute();
      expect(questions.length).toBeGreaterThanOrEqual(60);
      for (const { unique_id } of questions) {
        const help = content.helpScreenSettings.helpScreenPerQuestion[unique_id];
        expect(help?.header, unique_id).toEqual(expect.any(String));
        expect(help?.bodyText, unique_id).toEqual(expect.any(String));
      }
      expect(Object.keys(content.relevanceSettings).sort()).toEqual([
        'allergy',
        'cognitive',
        'hearing',
        'mobility',
        'reading',
        'vision',
        'wheelchair',
      ]);
      const chapters = await t.app.db.selectFrom('chapters').select('id').execute();
      expect(Object.keys(content.chaptersSettings).sort()).toEqual(chapters.map((c) => c.id).sort());
      for (const key of [
        'screeningMissing',
        'screeningNone',
        'screeningSome',
        'screeningAll',
        'globalMissing',
        'globalReady',
        'automaticApproval',
      ]) {
        expect(content.breakerAndResultScreenSettings[key].header, key).toEqual(expect.any(String));
      }
      for (const key of [
        'firstListVisitGuidance',
        'copyThenListGuidance',
        'copyThenSelectThenListGuidance',
        'summaryPageGuidance',
      ]) {
        expect(content.guidanceSettings[key].title, key).toEqual(expect.any(String));
      }
      expect(content.serviceMessage).toMatchObject({ id: expect.any(String), text: expect.any(String) });
    });
  });

  describe('demo sign-in', () => {
    it('shows the five demo users on a Danish page', async () => {
      const response = await t.app.inject({ url: '/auth/login?returnPath=/organizations' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<html lang="da">');
      for (const user of DEMO_USERS) expect(response.body).toContain(`value="${user.userName}"`);
      expect(response.body).toContain('value="/organizations"');
    });

    it('redirects a chosen user to /loginCallback with a token and the return path', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: 'userName=flere&returnPath=%2Fdepartments%3Fx%3D1',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(response.statusCode).toBe(303);
      const location = new URL(response.headers.location as string, 'http://app');
      expect(location.pathname).toBe('/loginCallback');
      expect(location.searchParams.get('returnPath')).toBe('/departments?x=1');
      const token = location.searchParams.get('token')!;
      const info = await t.app.inject({ url: '/api/v2/userinfo', headers: bearer(token) });
      expect(info.json().userName).toBe('Freja Flere');
    });

    it.each(['//evil.example/x', 'https://evil.example/', '/\\evil.example'])(
      'never redirects to another site (%s)',
      async (returnPath) => {
        const response = await t.app.inject({
          method: 'POST',
          url: '/auth/login',
          payload: { userName: 'skriver', returnPath },
        });
        const location = new URL(response.headers.location as string, 'http://app');
        expect(location.searchParams.get('returnPath')).toBe('/');
      },
    );

    it('issues tokens with exp and sso_uuid', async () => {
      const token = await demoToken(t.app, 'skriver', 120);
      const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
      expect(claims.sso_uuid).toBe(DEMO_USERS[0]!.ssoUuid);
      expect(claims.exp - Math.floor(Date.now() / 1000)).toBeGreaterThan(100);
      expect(claims.exp - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(120);
    });

    it('shows a logged-out page for the logoutUrl', async () => {
      const response = await t.app.inject({ url: '/auth/logout' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('Du er logget ud');
    });
  });

  describe('malformed requests get 400 JSON, never 500', () => {
    it.each([
      ['no body', undefined, undefined],
      ['a missing userName', { returnPath: '/' }, undefined],
      ['a userName of the wrong type', { userName: 42 }, undefined],
      ['an empty userName', { userName: '' }, undefined],
      ['a negative ttlS', { userName: 'skriver', ttlS: -5 }, undefined],
      ['a huge userName', { userName: 'x'.repeat(5000) }, undefined],
      ['broken JSON', '{"userName": ', 'application/json'],
      // Found by tests/server/fuzz.test.ts: PostgreSQL refused the NUL with an error, a 500.
      ['a userName with NUL', { userName: 'skriver\u0000' }, undefined],
      ['a form userName with NUL', 'userName=skriver%00', 'application/x-www-form-urlencoded'],
    ])('POST /auth/demo-token with %s', async (_name, payload, contentType) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/auth/demo-token',
        payload: payload as never,
        headers: contentType ? { 'content-type': contentType } : {},
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    });

    it('answers a NUL in a sign-in form with 400 JSON naming the field', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: 'userName=skriver%00&returnPath=%2F',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'body/userName must not contain NUL', code: 'BAD_REQUEST' });
    });

    it('answers an unknown demo user with 404 JSON', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/auth/demo-token',
        payload: { userName: 'ingen' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toMatch(/ingen/);
    });

    it('answers an unknown API path with 404 JSON', async () => {
      const response = await t.app.inject({ url: '/api/v2/nothing-here', headers: bearer(tokens.skriver!) });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    });

    it('answers a body that is too large with 413 JSON', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/auth/demo-token',
        payload: { userName: 'x'.repeat(300 * 1024) },
      });
      expect(response.statusCode).toBe(413);
      expect(response.json().message).toEqual(expect.any(String));
    });
  });
});

describe('without demo sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(null, { DEMO_SSO: 'false' }, { seed: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has no demo pages or demo tokens', async () => {
    expect((await t.app.inject({ url: '/auth/login' })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: '/auth/demo-token', payload: { userName: 'skriver' } }))
        .statusCode,
    ).toBe(404);
  });
});
