import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/src/config';
import {
  TEST_CLAIM_ENV,
  signInAtProvider,
  startTestProvider,
  type TestProvider,
} from '../support/test-oidc-provider';
import { bearer, startTestApp, type TestApp } from './helpers';

/**
 * Sign-in through a real OpenID Connect provider (oidc-provider on loopback), driven as a person
 * would at its login page. The app's side stays what it was: /loginCallback with the API's own
 * token, userinfo with a logoutUrl (docs/sign-in.md).
 */

const ORGANIZATION_A = '7c2e4b1a-3f5d-4e8a-9b6c-1d2e3f4a5b01';
const ORGANIZATION_B = '0a9d8c7b-6e5f-4a3b-8c2d-1e0f9a8b7c02';
const APP = 'http://127.0.0.1:9'; // never fetched: the test stops where the provider sends the browser back
const REDIRECT_URI = `${APP}/auth/callback`;
const LOGGED_OUT = `${APP}/`;

let provider: TestProvider;
let test: TestApp;

beforeAll(async () => {
  provider = await startTestProvider({
    redirectUris: [REDIRECT_URI],
    postLogoutRedirectUris: [LOGGED_OUT],
    users: {
      anna: { name: 'Anna Assessor', roles: ['bt-skriv'], groups: ['grp-lyngtoft'] },
      bo: { name: 'Bo Bogholder', roles: ['bt-laes'], groups: ['grp-lyngtoft'] },
      dina: {
        name: 'Dina Driftschef',
        roles: ['bt-laes', 'bt-skriv'],
        groups: ['grp-lyngtoft', 'grp-kloever'],
      },
      ejnar: { name: 'Ejnar Ekstern', roles: ['andet-system'], groups: ['grp-ukendt'] },
    },
  });
  test = await startTestApp(null, {
    DEMO_SSO: '',
    APP_URL: '',
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_REDIRECT_URI: REDIRECT_URI,
    OIDC_ORGANIZATION_MAP: `grp-lyngtoft=${ORGANIZATION_A},grp-kloever=${ORGANIZATION_B}`,
    ...TEST_CLAIM_ENV,
  });
});

afterAll(async () => {
  await test?.close();
  await provider?.close();
});

/** GET /auth/login: the provider's authorization URL and the login-state cookie. */
async function startSignIn(returnPath = '/properties') {
  const response = await test.app.inject({ url: `/auth/login?${new URLSearchParams({ returnPath })}` });
  expect(response.statusCode).toBe(302);
  const cookie = response.cookies.find((c) => c.name === 'bt_oidc_login');
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe('Lax');
  return { location: response.headers.location as string, cookie: `bt_oidc_login=${cookie!.value}` };
}

/** The provider's redirect back, handed to the API's callback as the browser would. */
function callback(back: URL, cookie?: string) {
  return test.app.inject({
    url: `${back.pathname}${back.search}`,
    headers: cookie ? { cookie } : {},
  });
}

/** A whole sign-in; the API's token from /loginCallback. */
async function signIn(login: string, returnPath = '/properties') {
  const { location, cookie } = await startSignIn(returnPath);
  const back = await signInAtProvider(location, login, REDIRECT_URI);
  const response = await callback(back, cookie);
  expect(response.statusCode, response.body).toBe(303);
  const target = new URL(response.headers.location as string, APP);
  expect(target.pathname).toBe('/loginCallback');
  return { token: target.searchParams.get('token')!, returnPath: target.searchParams.get('returnPath') };
}

describe('sign-in through the provider', () => {
  it('starts with PKCE, state and nonce at the discovered authorization endpoint', async () => {
    const { location } = await startSignIn();
    const url = new URL(location);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    for (const name of ['code_challenge', 'state', 'nonce', 'redirect_uri', 'client_id'])
      expect(url.searchParams.get(name), name).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(url.searchParams.get('scope')).toBe('openid profile email groups');
  });

  it('a write user comes back with the API token, their name, role and organization', async () => {
    const { token, returnPath } = await signIn('anna', '/properties');
    expect(returnPath).toBe('/properties');
    const userinfo = await test.app.inject({ url: '/api/v2/userinfo', headers: bearer(token) });
    expect(userinfo.statusCode).toBe(200);
    expect(userinfo.json()).toMatchObject({ userName: 'Anna Assessor', role: 'write' });
    const organizations = await test.app.inject({
      url: '/api/v2/organizations/getorganizations',
      headers: bearer(token),
    });
    expect(organizations.json<{ id: string }[]>().map((o) => o.id)).toEqual([ORGANIZATION_A]);
  });

  it("logoutUrl is the provider's end-session endpoint, back to the app's start", async () => {
    const { token } = await signIn('anna');
    const { logoutUrl } = (await test.app.inject({ url: '/api/v2/userinfo', headers: bearer(token) })).json<{
      logoutUrl: string;
    }>();
    const url = new URL(logoutUrl);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(LOGGED_OUT);
    expect(url.searchParams.get('client_id')).toBe(provider.clientId);
    // The provider knows the client and the address: it answers with its sign-out page.
    const page = await fetch(url, { redirect: 'manual' });
    expect(page.status).toBeLessThan(400);
  });

  it('a read user gets the read role, and the server refuses them a write', async () => {
    const { token } = await signIn('bo');
    expect((await test.app.inject({ url: '/api/v2/userinfo', headers: bearer(token) })).json()).toMatchObject(
      {
        role: 'read',
      },
    );
    const write = await test.app.inject({
      url: '/api/v2/assessment/createnewassessment?propertyId=5e1d0000-0000-4000-8000-000000000101',
      headers: bearer(token),
    });
    expect(write.statusCode).toBe(403);
  });

  it('organizations come from the groups claim; write wins over read', async () => {
    const { token } = await signIn('dina');
    expect((await test.app.inject({ url: '/api/v2/userinfo', headers: bearer(token) })).json()).toMatchObject(
      {
        role: 'write',
      },
    );
    const organizations = await test.app.inject({
      url: '/api/v2/organizations/getorganizations',
      headers: bearer(token),
    });
    expect(
      organizations
        .json<{ id: string }[]>()
        .map((o) => o.id)
        .sort(),
    ).toEqual([ORGANIZATION_A, ORGANIZATION_B].sort());
  });

  it('a user whose claims map to no role or organization is signed in and refused (the app shows "no access")', async () => {
    const { token } = await signIn('ejnar');
    const userinfo = await test.app.inject({ url: '/api/v2/userinfo', headers: bearer(token) });
    expect(userinfo.statusCode).toBe(403);
  });

  it('a role taken away at the provider is gone at the next sign-in', async () => {
    provider.setUser('bo', { name: 'Bo Bogholder', roles: ['bt-laes'], groups: [] });
    const { token } = await signIn('bo');
    const organizations = await test.app.inject({
      url: '/api/v2/organizations/getorganizations',
      headers: bearer(token),
    });
    expect(organizations.json()).toEqual([]);
    provider.setUser('bo', { name: 'Bo Bogholder', roles: [], groups: ['grp-lyngtoft'] });
    const again = await signIn('bo');
    expect(
      (await test.app.inject({ url: '/api/v2/userinfo', headers: bearer(again.token) })).statusCode,
    ).toBe(403);
    provider.setUser('bo', { name: 'Bo Bogholder', roles: ['bt-laes'], groups: ['grp-lyngtoft'] });
  });

  it('the same person is the same user at every sign-in', async () => {
    const first = await signIn('anna');
    const second = await signIn('anna');
    const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(claims(second.token).sub).toBe(claims(first.token).sub);
    expect(claims(second.token).sso_uuid).toBe(claims(first.token).sso_uuid);
  });

  it('the return path stays on this origin', async () => {
    for (const returnPath of ['//evil.example/x', 'https://evil.example/', '/\\evil.example'])
      expect((await signIn('anna', returnPath)).returnPath, returnPath).toBe('/');
  });
});

describe('a sign-in that fails ends on a Danish page, never a stack trace', () => {
  const expectPage = (response: { statusCode: number; body: string; headers: Record<string, unknown> }) => {
    expect(String(response.headers['content-type'])).toMatch(/^text\/html/);
    expect(response.body).toContain('lang="da"');
    expect(response.body).toContain('href="/auth/login"');
    expect(response.body).not.toMatch(/\bat \S+ \(|Error:|node_modules|server\/src/);
  };

  it('refused or cancelled at the provider', async () => {
    const { location, cookie } = await startSignIn();
    const back = await signInAtProvider(location, 'anna', REDIRECT_URI, { cancel: true });
    expect(back.searchParams.get('error')).toBe('access_denied');
    const response = await callback(back, cookie);
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain('Login blev afbrudt');
    expectPage(response);
  });

  it('an invalid state', async () => {
    const { location, cookie } = await startSignIn();
    const back = await signInAtProvider(location, 'anna', REDIRECT_URI);
    back.searchParams.set('state', 'not-the-state-we-sent');
    const response = await callback(back, cookie);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Login er udløbet');
    expectPage(response);
  });

  it('no login state (another browser, or the cookie expired)', async () => {
    const { location } = await startSignIn();
    const back = await signInAtProvider(location, 'anna', REDIRECT_URI);
    const response = await callback(back);
    expect(response.statusCode).toBe(400);
    expectPage(response);
    const forged = await callback(back, 'bt_oidc_login=eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..x.y.z');
    expect(forged.statusCode).toBe(400);
  });

  it('a replayed code', async () => {
    const { location, cookie } = await startSignIn();
    const back = await signInAtProvider(location, 'anna', REDIRECT_URI);
    expect((await callback(back, cookie)).statusCode).toBe(303);
    const replay = await callback(back, cookie);
    expect(replay.statusCode).toBe(400);
    expect(replay.body).toContain('Login er udløbet');
    expectPage(replay);
  });

  it('the provider cannot be reached', async () => {
    const offline = await startTestApp(null, {
      DEMO_SSO: '',
      OIDC_ISSUER: 'http://127.0.0.1:9/unreachable',
      OIDC_CLIENT_ID: 'x',
      OIDC_CLIENT_SECRET: 'y',
      OIDC_REDIRECT_URI: REDIRECT_URI,
    });
    try {
      const response = await offline.app.inject({ url: '/auth/login' });
      expect(response.statusCode).toBe(502);
      expect(response.body).toContain('Login-tjenesten svarer ikke');
      expectPage(response);
    } finally {
      await offline.close();
    }
  });
});

describe('demo sign-in and OIDC', () => {
  it('the demo sign-in is off while OIDC is configured', async () => {
    const demoToken = await test.app.inject({
      method: 'POST',
      url: '/auth/demo-token',
      payload: { userName: 'skriver' },
    });
    expect(demoToken.statusCode).toBe(404);
    const demoLogin = await test.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { userName: 'skriver' },
    });
    expect(demoLogin.statusCode).toBe(404);
  });

  it('the server refuses to start with both, saying why', () => {
    const env = {
      DATABASE_URL: 'memory://',
      OIDC_ISSUER: 'https://login.example.dk/realms/bolig',
      OIDC_CLIENT_ID: 'x',
      OIDC_CLIENT_SECRET: 'y',
      OIDC_REDIRECT_URI: 'https://bolig.example.dk/auth/callback',
    };
    expect(() => loadConfig({ ...env, DEMO_SSO: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...env, DEMO_SSO: 'true' })).toThrow(/DEMO_SSO.*OIDC_ISSUER/);
    expect(loadConfig(env).demoSso).toBe(false);
    expect(loadConfig({ ...env, DEMO_SSO: 'false' }).oidc?.issuer).toBe(env.OIDC_ISSUER);
  });

  it('an OIDC configuration without its client, or over plain http to another machine, is refused', () => {
    expect(() => loadConfig({ DATABASE_URL: 'memory://', OIDC_ISSUER: 'https://login.example.dk' })).toThrow(
      /OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_REDIRECT_URI/,
    );
    expect(() =>
      loadConfig({
        DATABASE_URL: 'memory://',
        OIDC_ISSUER: 'http://login.example.dk',
        OIDC_CLIENT_ID: 'x',
        OIDC_CLIENT_SECRET: 'y',
        OIDC_REDIRECT_URI: 'https://bolig.example.dk/auth/callback',
      }),
    ).toThrow(/https/);
  });
});
