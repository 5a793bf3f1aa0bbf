import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/chromium';

// Requests the service worker makes (Background Sync sending the outbox, precaching, help
// images) go through `context.route` and show in the context's network events, as the page's
// do: a spec that stops the network for the app stops it for the worker too (Playwright does
// this in Chromium unless PLAYWRIGHT_DISABLE_SERVICE_WORKER_NETWORK is set; e2e/field-day.spec.ts
// relies on it).

/**
 * End-to-end tests in Debian's Chromium against the real server, which serves the built PWA
 * on a database of its own with the demo data (`npm run build` first; `npm test` does). Each
 * worker starts a server of its own on a free port (e2e/test.ts): no spec shares its data with
 * a spec running at the same time.
 */

const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true };
/** The specs whose scenarios take 20 seconds or more (on CI's two cores). */
const LONGEST =
  /(take-along|bulk-department|assessment|outbox-chaos|photo-chaos|photos|quick-tap|field-day|update|keyboard-assessment|server-restart|rate-limits)\.spec\.ts$/;

export default defineConfig({
  testDir: 'e2e',
  // The run's demo database, which every server the specs start copies (e2e/demo-database.ts).
  globalSetup: './e2e/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  // No retries: a test that fails once in a while is a bug to find, not to hide.
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    locale: 'da-DK',
    timezoneId: 'Europe/Copenhagen',
    launchOptions: chromiumLaunchOptions,
    serviceWorkers: 'allow',
    trace: 'off',
  },
  // Each viewport is a project of its own name ('desktop', 'phone'; specs ask for one by name),
  // listed twice: first with the longest scenarios, then with the rest. Workers take tests in the
  // order of this list, so the minute-long ones start first and the end of the run is short tests
  // on both workers, not one long test on one while the other idles (docs/performance.md
  // "The test suite").
  projects: [
    { name: 'phone', testMatch: LONGEST, use: PHONE },
    { name: 'desktop', testMatch: LONGEST, use: DESKTOP },
    { name: 'desktop', testIgnore: LONGEST, use: DESKTOP },
    { name: 'phone', testIgnore: LONGEST, use: PHONE },
  ],
});
