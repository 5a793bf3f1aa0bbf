import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { safeReturnPath } from '../../../shared/rules/session-rules';
import { DEMO_USERS } from '../db/seed/demo-users';
import type { Database } from '../db/schema';
import { notFound } from '../errors';
import { escapeHtml, htmlPage } from './html-page';
import { LOGIN_QUERY, type LoginQuery } from './login-query';
import type { TokenService } from './tokens';

/**
 * Demo single sign-on (docs/architecture.md 4): it stands in for an organization's SSO.
 * GET /auth/login shows the demo users; choosing one redirects to the app's /loginCallback
 * with a signed token, exactly as a real SSO would.
 */

export function registerDemoSso(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; tokens: TokenService; appUrl: string },
): void {
  const { db, tokens, appUrl } = deps;

  app.get('/auth/login', LOGIN_QUERY, async (request, reply) => {
    const { returnPath } = request.query as LoginQuery;
    const target = escapeHtml(safeReturnPath(returnPath));
    const users = DEMO_USERS.map(
      (u) => `<li><form method="post" action="/auth/login">
  <input type="hidden" name="userName" value="${escapeHtml(u.userName)}">
  <input type="hidden" name="returnPath" value="${target}">
  <button type="submit"><span class="name">${escapeHtml(u.displayName)} (${escapeHtml(u.userName)})</span>
  <span class="desc">${escapeHtml(u.description)}</span></button>
</form></li>`,
    ).join('\n');
    return reply.type('text/html; charset=utf-8').send(
      htmlPage(
        'Demo-login',
        `<h1>Demo-login</h1>
<p>Dette er en demonstration af single sign-on. Vælg den demobruger, du vil logge ind som.</p>
<ul aria-label="Demobrugere">${users}</ul>`,
      ),
    );
  });

  const bodySchema = {
    type: 'object',
    required: ['userName'],
    properties: {
      userName: { type: 'string', minLength: 1, maxLength: 100 },
      returnPath: { type: 'string', maxLength: 2000 },
      // Tests ask for short-lived tokens to exercise expiry.
      ttlS: { type: 'integer', minimum: 1, maximum: 86_400 },
    },
  } as const;

  /**
   * Tokens for the five demo users only (DEMO_USERS), never for another row of `users`: an
   * organization's real users (signed in through OpenID Connect, or imported) must not be
   * borrowed through the demo's open door.
   */
  async function tokenFor(userName: string, ttlS?: number): Promise<string> {
    const demo = DEMO_USERS.find((u) => u.userName === userName);
    const user = demo
      ? await db
          .selectFrom('users')
          .select(['id', 'sso_uuid'])
          .where('id', '=', demo.id)
          .where('sso_uuid', '=', demo.ssoUuid)
          .executeTakeFirst()
      : undefined;
    if (!user) throw notFound(`Ukendt demobruger: ${userName}`);
    return tokens.signIn(user, ttlS);
  }

  app.post('/auth/login', { schema: { body: bodySchema } }, async (request, reply) => {
    const { userName, returnPath } = request.body as { userName: string; returnPath?: string };
    const token = await tokenFor(userName);
    const query = new URLSearchParams({ token, returnPath: safeReturnPath(returnPath) });
    return reply.redirect(`${appUrl}/loginCallback?${query.toString()}`, 303);
  });

  app.post('/auth/demo-token', { schema: { body: bodySchema } }, async (request) => {
    const { userName, ttlS } = request.body as { userName: string; ttlS?: number };
    return { token: await tokenFor(userName, ttlS) };
  });

  app.get('/auth/logout', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(
      htmlPage(
        'Logget ud',
        `<h1>Du er logget ud</h1>
<p>Du er logget ud af demo-login.</p>
<p><a class="button" href="${escapeHtml(appUrl || '/')}">Tilbage til Boligtilgængelighed</a></p>`,
      ),
    ),
  );
}
