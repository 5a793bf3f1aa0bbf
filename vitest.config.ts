import { defineConfig } from 'vitest/config';

// Unit, component and server tests. Server tests build the Fastify app on an in-memory
// PGlite database (and, when TEST_DATABASE_URL is set, on a real PostgreSQL server too).
export default defineConfig({
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    // Seeded database snapshots of the server suites, one set per run (tests/server/helpers.ts).
    globalSetup: ['tests/server/db-snapshots.setup.ts'],
    // jest-dom's matchers for every file; harmless in the node environment (it only extends expect).
    setupFiles: ['tests/setup/jest-dom.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: more workers than that only adds contention. Threads, not forks: a file's
    // imports and its jsdom start about a third faster in a worker thread (docs/performance.md
    // "The test suite"), and no suite needs a process of its own.
    pool: 'threads',
    maxWorkers: 2,
  },
});
