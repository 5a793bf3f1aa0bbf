import { test as base } from '@playwright/test';
import { startServerChild, type ServerChild } from '../scripts/server-child';
import { E2E_SERVER_ENV } from './server-env';

/**
 * A server of the spec's own beside the shared one (playwright.config.ts): for what would
 * disturb every other spec, such as low rate limits or a restart. It serves the same build on
 * a free port of 127.0.0.1 with the specs' environment and the given overrides, and is up
 * once `/readyz` answers (migrated, seeded when its database is new).
 */
export function startOwnServer(overrides: Record<string, string>, port?: number): Promise<ServerChild> {
  return startServerChild({
    env: { ...E2E_SERVER_ENV, ...overrides },
    stdio: ['ignore', 'inherit', 'inherit'],
    readyPath: '/readyz',
    timeoutMs: 120_000,
    hint: 'its log is above',
    port,
  });
}

/**
 * Playwright's test with `ownServer`, started once per worker with `overrides`, and the page's,
 * the context's and `request`'s base URL pointing at it.
 */
export function testWithOwnServer(overrides: Record<string, string>) {
  return base.extend<object, { ownServer: ServerChild }>({
    ownServer: [
      // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for from its first parameter
      async ({}, provide) => {
        const server = await startOwnServer(overrides);
        await provide(server);
        await server.close();
      },
      { scope: 'worker', timeout: 150_000 },
    ],
    baseURL: async ({ ownServer }, provide) => provide(ownServer.base),
  });
}
