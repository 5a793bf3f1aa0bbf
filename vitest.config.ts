import { playwright } from '@vitest/browser-playwright';
import { configDefaults, defineConfig } from 'vitest/config';
import type { BrowserCommand } from 'vitest/node';
import type { CameraJpegOptions } from './tests/fixtures/camera-jpeg';

/**
 * Behind the end-to-end run (scripts/test.sh) a test takes a few times as long as on an idle
 * machine, so its limits are multiplied by VITEST_TIME_FACTOR there. An environment variable,
 * not `--testTimeout`/`--hookTimeout` on the command line: those do not reach the projects
 * below (a hook behind the browser tests timed out at this file's 60 s).
 */
const TIME_FACTOR = Number(process.env.VITEST_TIME_FACTOR ?? 1) || 1;

/**
 * A camera's JPEG for the browser tests, made in Node: jpeg-js returns a Buffer, which the
 * browser lacks. The fixture is loaded by tsx when a test first asks (a plain import here would
 * load jpeg-js into every run, and Vite warns about a TypeScript import in its config); base64,
 * since a command's answer travels as JSON.
 */
const cameraJpegCommand: BrowserCommand<[CameraJpegOptions]> = async (_context, options) => {
  const { tsImport } = await import('tsx/esm/api');
  const fixture = (await tsImport(
    './tests/fixtures/camera-jpeg.ts',
    import.meta.url,
  )) as typeof import('./tests/fixtures/camera-jpeg');
  return Buffer.from(fixture.cameraJpeg(options)).toString('base64');
};

// Unit, component and server tests. Server tests build the Fastify app on an in-memory
// PGlite database (and, when TEST_DATABASE_URL is set, on a real PostgreSQL server too).
export default defineConfig({
  test: {
    // The projects that extend this file add their exclusions to this one: the browser tests run
    // only in the browser project (the last one below).
    exclude: [...configDefaults.exclude, 'tests/browser/**'],
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
      {
        // What only a real browser can check: decoding, canvases and encoders (photos shrunk on
        // the phone). Debian's Chromium as in the end-to-end run (docs/architecture.md 6);
        // Playwright downloads no browser here. Not extending this file: the server's database
        // snapshots and jsdom's matchers are no use in a browser.
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          testTimeout: 30_000 * TIME_FACTOR,
          hookTimeout: 60_000 * TIME_FACTOR,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: {
                executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
                args: ['--no-sandbox', '--disable-gpu'],
              },
            }),
            instances: [{ browser: 'chromium' }],
            commands: { cameraJpeg: cameraJpegCommand },
            screenshotFailures: false,
          },
        },
      },
    ],
  },
});
