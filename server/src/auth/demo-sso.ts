import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { safeReturnPath } from '../../../src/domain/session-rules';
import { DEMO_USERS } from '../db/seed/demo-users';
import type { Database } from '../db/schema';
import { notFound } from '../errors';
import type { TokenService } from './tokens';

/**
 * Demo single sign-on (docs/architecture.md 4): it stands in for an organization's SSO.
 * GET /auth/login shows the demo users; choosing one redirects to the app's /loginCallback
 * with a signed token, exactly as a real SSO would.
 */

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="da">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – Boligtilgængelighed</title>
<!-- No icon of its own: without this line the browser asks for /favicon.ico, a 404 in the console. -->
<link rel="icon" href="data:,">
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f6f8; color: #1a1b1e; line-height: 1.5; }
  main { max-width: 34rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 8px; }
  h1 { font-size: 1.5rem; margin-top: 0; }
  ul { list-style: none; padding: 0; margin: 0; }
  li { margin: 0 0 .75rem; }
  button, a.button { display: block; width: 100%; text-align: left; font: inherit; padding: .75rem 1rem;
    border: 1px solid #1864ab; border-radius: 6px; background: #fff; color: #1a1b1e; cursor: pointer; text-decoration: none; box-sizing: border-box; }
  button:hover, a.button:hover { background: #e7f5ff; }
  button:focus-visible, a:focus-visible { outline: 3px solid #1864ab; outline-offset: 2px; }
  .name { font-weight: 600; display: block; }
  .desc { color: #495057; font-size: .9rem; }
</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

export function registerDemoSso(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; tokens: TokenService; appUrl: string },
): void {
  const { db, tokens, appUrl } = deps;

  app.get(
    '/auth/login',
    {
      schema: {
        querystring: { type: 'object', properties: { returnPath: { type: 'string', maxLength: 2000 } } },
      },
    },
    async (request, reply) => {
      const { returnPath } = request.query as { returnPath?: string };
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
        page(
          'Demo-login',
          `<h1>Demo-login</h1>
<p>Dette er en demonstration af single sign-on. Vælg den demobruger, du vil logge ind som.</p>
<ul aria-label="Demobrugere">${users}</ul>`,
        ),
      );
    },
  );

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

  async function tokenFor(userName: string, ttlS?: number): Promise<string> {
    const user = await db
      .selectFrom('users')
      .select(['id', 'sso_uuid'])
      .where('user_name', '=', userName)
      .executeTakeFirst();
    if (!user) throw notFound(`Ukendt demobruger: ${userName}`);
    return tokens.sign(user, ttlS);
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
      page(
        'Logget ud',
        `<h1>Du er logget ud</h1>
<p>Du er logget ud af demo-login.</p>
<p><a class="button" href="${escapeHtml(appUrl || '/')}">Tilbage til Boligtilgængelighed</a></p>`,
      ),
    ),
  );
}
