import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

/**
 * A real OpenID Connect provider for the tests (oidc-provider, its development login pages),
 * on a free port of 127.0.0.1: what an organization's Entra ID or Keycloak is to the API.
 * Test users sign in by name with any password; their claims are what `users` says.
 */
export interface TestUserClaims {
  name?: string;
  email?: string;
  groups?: string[];
  roles?: string[];
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Changes a user's claims from the next sign-in on (a role taken away at the provider). */
  setUser(login: string, claims: TestUserClaims): void;
  close(): Promise<void>;
}

export const TEST_CLIENT_ID = 'boligtilgaengelighed';
export const TEST_CLIENT_SECRET = 'a-test-client-secret-of-the-provider';

/** Role and group names as an organization's provider would carry them (docs/sign-in.md). */
export const TEST_CLAIM_ENV = {
  OIDC_SCOPES: 'openid profile email groups',
  OIDC_ROLES_CLAIM: 'roles',
  OIDC_WRITE_ROLES: 'bt-skriv',
  OIDC_READ_ROLES: 'bt-laes',
  OIDC_ORGANIZATIONS_CLAIM: 'groups',
};

export async function startTestProvider(options: {
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  users: Record<string, TestUserClaims>;
}): Promise<TestProvider> {
  // Listening first: the issuer names the port.
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const users = new Map(Object.entries(options.users));
  const jwk = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

  const configuration: Configuration = {
    clients: [
      {
        client_id: TEST_CLIENT_ID,
        client_secret: TEST_CLIENT_SECRET,
        redirect_uris: options.redirectUris,
        post_logout_redirect_uris: options.postLogoutRedirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        // openid-client sends a string secret in the body.
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...jwk, kid: 'test-key', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: ['test-provider-cookie-key'] },
    ttl: {
      Session: 3600,
      Interaction: 600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    pkce: { required: () => true },
    // Groups and roles in the ID token, as Entra ID sends them (and Keycloak with a mapper).
    conformIdTokenClaims: false,
    claims: {
      openid: ['sub'],
      profile: ['name', 'preferred_username'],
      email: ['email'],
      groups: ['groups', 'roles'],
    },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    async findAccount(_ctx, sub) {
      const claims = users.get(sub);
      if (!claims) return undefined;
      return { accountId: sub, claims: async () => ({ sub, preferred_username: sub, ...users.get(sub) }) };
    },
    // A first-party app: the organization has consented for its staff, no consent page.
    async loadExistingGrant(ctx) {
      const clientId = ctx.oidc.client!.clientId;
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session!.grantIdFor(clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid profile email groups');
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  server.on('request', provider.callback());
  return {
    issuer,
    clientId: TEST_CLIENT_ID,
    clientSecret: TEST_CLIENT_SECRET,
    setUser: (login, claims) => users.set(login, claims),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * A person at the provider's login page, without a browser: follows redirects with the
 * provider's cookies, types the login name (any password) and stops where the provider sends
 * the browser back to the app (`stopAt`), returning that URL. `cancel` clicks "[ Cancel ]".
 */
export async function signInAtProvider(
  authorizationUrl: string,
  login: string,
  stopAt: string,
  options: { cancel?: boolean } = {},
): Promise<URL> {
  const jar = new Map<string, string>();
  const request = async (url: URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (jar.size > 0) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const set of response.headers.getSetCookie()) {
      const [pair = ''] = set.split(';');
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(set)) jar.delete(pair.slice(0, at).trim());
      else jar.set(pair.slice(0, at).trim(), value);
    }
    return response;
  };
  let url = new URL(authorizationUrl);
  let init: RequestInit = {};
  for (let hop = 0; hop < 12; hop++) {
    if (url.href.startsWith(stopAt)) return url;
    const response = await request(url, init);
    init = {};
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      url = new URL(location, url);
      continue;
    }
    const html = await response.text();
    if (options.cancel) {
      const abort = /<a href="([^"]*\/abort)"/.exec(html)?.[1];
      if (!abort) throw new Error(`no cancel link on the provider's page: ${html.slice(0, 300)}`);
      url = new URL(abort, url);
      continue;
    }
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action || !html.includes('name="prompt" value="login"'))
      throw new Error(`unexpected page at the provider (${response.status}): ${html.slice(0, 300)}`);
    url = new URL(action, url);
    init = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prompt: 'login', login, password: 'any' }),
    };
  }
  throw new Error('too many redirects at the provider');
}
