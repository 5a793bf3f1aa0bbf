import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import * as client from 'openid-client';
import type { OidcConfig } from '../config';
import type { Database } from '../db/schema';
import { escapeHtml, htmlPage } from './html-page';
import { LOGIN_QUERY, type LoginQuery } from './login-query';
import { mapClaims, ssoUuidFor } from './oidc-claims';
import {
  LOGIN_STATE_TTL_S,
  loginStateKey,
  newLoginState,
  openLoginState,
  sealLoginState,
  STATE_COOKIE,
  type LoginState,
} from './oidc-login-state';
import { providerOnDemand } from './oidc-provider';
import { storeSignedInUser } from './oidc-users';
import type { TokenService } from './tokens';

/**
 * Sign-in through an organization's OpenID Connect provider (docs/sign-in.md), in place of the
 * demo sign-in: the authorization code flow with PKCE, `state` and `nonce` (openid-client).
 * GET /auth/login sends the browser to the provider; the provider sends it back to the
 * callback (the path of OIDC_REDIRECT_URI), which checks the ID token, stores the user with
 * the role and organizations its claims map to, and hands the app its own token at
 * /loginCallback exactly as the demo does (docs/product.md 2). Whatever goes wrong ends on a
 * Danish page with a way back, never a stack trace.
 */

export interface OidcDeps {
  db: Kysely<Database>;
  tokens: TokenService;
  oidc: OidcConfig;
  /** Where the app lives ('' is this origin), for /loginCallback. */
  appUrl: string;
  /** The server's token secret; the login-state cookie is encrypted with a key derived from it. */
  jwtSecret: string;
}

/** Why a sign-in ended without a user, with the page that says so. */
type Failure = 'cancelled' | 'stale' | 'refused' | 'unreachable';

const FAILURE_PAGES: Record<Failure, { status: number; title: string; text: string }> = {
  cancelled: {
    status: 401,
    title: 'Login blev afbrudt',
    text: 'Login blev afbrudt eller afvist hos jeres login-tjeneste. Du er ikke logget ind.',
  },
  stale: {
    status: 400,
    title: 'Login er udløbet',
    text: 'Login kunne ikke afsluttes, fordi det er udløbet, allerede er brugt eller blev startet i en anden browser. Start forfra.',
  },
  refused: {
    status: 401,
    title: 'Login kunne ikke bekræftes',
    text: 'Svaret fra jeres login-tjeneste kunne ikke bekræftes, så du er ikke logget ind. Prøv igen, og kontakt jeres it-afdeling, hvis det sker igen.',
  },
  unreachable: {
    status: 502,
    title: 'Login-tjenesten svarer ikke',
    text: 'Jeres login-tjeneste kunne ikke nås lige nu. Prøv igen om lidt.',
  },
};

function failurePage(reply: FastifyReply, failure: Failure, appUrl: string): FastifyReply {
  const { status, title, text } = FAILURE_PAGES[failure];
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .send(
      htmlPage(
        title,
        `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(text)}</p>
<ul>
<li><a class="button" href="/auth/login">Log ind igen</a></li>
<li><a class="button" href="${escapeHtml(appUrl || '/')}">Til forsiden af Boligtilgængelighed</a></li>
</ul>`,
      ),
    );
}

/** The failure a thrown error stands for; anything unknown is logged and counts as refused. */
function failureOf(error: unknown, request: FastifyRequest): Failure {
  if (error instanceof client.AuthorizationResponseError) {
    request.log.info({ oidcError: error.error }, 'sign-in ended at the provider');
    return error.error === 'access_denied' || error.error === 'login_required' ? 'cancelled' : 'refused';
  }
  if (error instanceof client.ResponseBodyError) {
    request.log.warn({ oidcError: error.error, status: error.status }, 'the provider refused the code');
    return error.error === 'invalid_grant' ? 'stale' : 'refused';
  }
  if (error instanceof client.ClientError) {
    request.log.warn(
      { oidcCode: error.code, reason: error.message },
      'the sign-in response failed its checks',
    );
    return error.code === 'OAUTH_INVALID_RESPONSE' ? 'stale' : 'refused';
  }
  request.log.error({ err: error }, 'the provider could not be reached');
  return 'unreachable';
}

export async function registerOidcSignIn(app: FastifyInstance, deps: OidcDeps): Promise<void> {
  const { db, tokens, oidc, appUrl } = deps;
  const redirectUri = new URL(oidc.redirectUri);
  const stateKey = loginStateKey(deps.jwtSecret);
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    // Lax, not Strict: the provider's redirect back is a navigation from another site.
    sameSite: 'lax' as const,
    secure: redirectUri.protocol === 'https:',
  };

  const provider = providerOnDemand(oidc);

  await app.register(cookie);

  app.get('/auth/login', LOGIN_QUERY, async (request, reply) => {
    const { returnPath } = request.query as LoginQuery;
    let config: client.Configuration;
    try {
      ({ config } = await provider());
    } catch (error) {
      return failurePage(reply, failureOf(error, request), appUrl);
    }
    const login = newLoginState(returnPath);
    const sealed = await sealLoginState(login, stateKey);
    const target = await authorizationUrl(config, oidc, login);
    return reply
      .setCookie(STATE_COOKIE, sealed, { ...cookieOptions, maxAge: LOGIN_STATE_TTL_S })
      .redirect(target.href, 302);
  });

  app.get(redirectUri.pathname, async (request, reply) => {
    // One try per started sign-in: the cookie goes whatever happens next.
    reply.clearCookie(STATE_COOKIE, cookieOptions);
    const login = await openLoginState(request.cookies[STATE_COOKIE], stateKey);
    if (!login) return failurePage(reply, 'stale', appUrl);

    // The URL the provider sent the browser to, as registered (behind a proxy the request's
    // own host may differ), with the query the provider gave.
    const current = new URL(oidc.redirectUri);
    current.search = new URL(request.url, 'http://callback').search;
    let claims: Record<string, unknown>;
    let logoutUrl: string | null;
    try {
      const { config, logoutUrl: providerLogout } = await provider();
      logoutUrl = providerLogout;
      claims = await idTokenClaims(config, current, login);
    } catch (error) {
      return failurePage(reply, failureOf(error, request), appUrl);
    }

    const mapped = mapClaims(claims, oidc.claims);
    if (!mapped) {
      request.log.warn({ claim: oidc.claims.subject }, 'the ID token has no usable subject');
      return failurePage(reply, 'refused', appUrl);
    }
    const user = await storeSignedInUser(db, {
      ...mapped,
      ssoUuid: ssoUuidFor(oidc.issuer, mapped.subject),
      logoutUrl,
    });
    const query = new URLSearchParams({ token: await tokens.signIn(user), returnPath: login.returnPath });
    return reply.redirect(`${appUrl}/loginCallback?${query.toString()}`, 303);
  });
}

/** Where the provider's sign-in starts: the authorization endpoint with this sign-in's secrets. */
async function authorizationUrl(
  config: client.Configuration,
  oidc: OidcConfig,
  login: LoginState,
): Promise<URL> {
  return client.buildAuthorizationUrl(config, {
    redirect_uri: oidc.redirectUri,
    scope: oidc.scopes,
    code_challenge: await client.calculatePKCECodeChallenge(login.codeVerifier),
    code_challenge_method: 'S256',
    state: login.state,
    nonce: login.nonce,
  });
}

/**
 * The code of the provider's answer at `current` exchanged for an ID token, checked against
 * this sign-in's verifier, state and nonce (docs/sign-in.md, step 3); its claims.
 */
async function idTokenClaims(
  config: client.Configuration,
  current: URL,
  login: LoginState,
): Promise<Record<string, unknown>> {
  const grant = await client.authorizationCodeGrant(config, current, {
    pkceCodeVerifier: login.codeVerifier,
    expectedState: login.state,
    expectedNonce: login.nonce,
    idTokenExpected: true,
  });
  return grant.claims() ?? {};
}
