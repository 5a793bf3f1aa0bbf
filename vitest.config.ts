import { defineConfig } from 'vitest/config';

/**
 * Behind the end-to-end run (scripts/test.sh) a test takes a few times as long as on an idle
 * machine, so its limits are multiplied by VITEST_TIME_FACTOR there. An environment variable,
 * not `--testTimeout`/`--hookTimeout` on the command line: those do not reach the projects
 * below (a hook behind the browser tests timed out at this file's 60 s).
 */
const TIME_FACTOR = Number(process.env.VITEST_TIME_FACTOR ?? 1) || 1;

// Unit, component and server tests. Server tests build the Fastify app on an in-memory
// PGlite database (and, when TEST_DATABASE_URL is set, on a real PostgreSQL server too).
export default defineConfig({
  test: {
    // Seeded database snapshots of the server suites, one set per run (tests/server/helpers.ts).
    globalSetup: ['tests/server/db-snapshots.setup.ts'],
    // jest-dom's matchers and Testing Library's wait for every file; harmless in the node
    // environment (they only extend expect and set a time limit).
    setupFiles: ['tests/setup/testing-library.ts'],
    environment: 'node',
    testTimeout: 30_000 * TIME_FACTOR,
    hookTimeout: 60_000 * TIME_FACTOR,
    // Two cores: more workers than that only adds contention. Threads, not forks: a file's
    // imports and its jsdom start about a third faster in a worker thread (docs/performance.md
    // "The test suite"), and no suite needs a process of its own.
    pool: 'threads',
    maxWorkers: 2,
    // A file runs in a fresh module registry (isolation) only where it needs one: the component
    // tests leave the app's module-level state behind (in one registry a dozen of them fail). The
    // rules, the offline store and the server suites keep none across files (the server's
    // caches hang off each database), so their files share one registry per worker and import
    // the server and the rules once, not once per file: the run 151 → 121 s (docs/performance.md
    // "The test suite"), and it passes in any order of files (--sequence.shuffle.files).
    projects: [
      { extends: true, test: { name: 'components', include: ['tests/app/**/*.test.{ts,tsx}'] } },
      {
        extends: true,
        test: {
          name: 'rules, offline and server',
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: ['tests/app/**'],
          isolate: false,
        },
      },
    ],
  },
});
