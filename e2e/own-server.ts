import { test as base } from '@playwright/test';
import { startServerChild, type ServerChild } from '../scripts/server-child';
import { copyOfDemoDatabase } from './demo-database';
import { E2E_SERVER_ENV } from './server-env';

/**
 * A server on a free port of 127.0.0.1 that serves the build with the specs' environment and
 * the given overrides, up once `/readyz` answers. Its database is a copy of the run's demo
 * database (e2e/demo-database.ts), removed when it closes, unless the overrides name one (a
 * restart on the same data).
 */
export async function startOwnServer(overrides: Record<string, string>, port?: number): Promise<ServerChild> {
  const database = overrides.DATABASE_URL === undefined ? copyOfDemoDatabase() : null;
  try {
    const server = await startServerChild({
      env: { ...E2E_SERVER_ENV, ...(database && { DATABASE_URL: database.databaseUrl }), ...overrides },
      stdio: ['ignore', 'inherit', 'inherit'],
      readyPath: '/readyz',
      timeoutMs: 120_000,
      hint: 'its log is above',
      port,
    });
    return {
      ...server,
      async close() {
        await server.close();
        database?.remove();
      },
    };
  } catch (error) {
    database?.remove();
    throw error;
  }
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
