import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium against the real server, which serves the built PWA
 * on an in-memory database with the demo data (`npm run build` first; `npm test` does).
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const E2E_JWT_SECRET = 'e2e-secret-for-playwright-only-0123456789';

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
};

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  // One retry on CI only: Chromium sometimes hangs closing a context whose page registered
  // the service worker ("Tearing down context exceeded the test timeout" after every step of
  // the test had passed), seen once under load in 115 tests. Playwright still lists a test
  // that passed on retry as flaky, so a real intermittent failure stays visible.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    locale: 'da-DK',
    timezoneId: 'Europe/Copenhagen',
    launchOptions: chromium,
    serviceWorkers: 'allow',
    trace: 'off',
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    { name: 'phone', use: { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true } },
  ],
  webServer: {
    command: 'npx tsx server/src/main.ts',
    url: `http://127.0.0.1:${E2E_PORT}/api/v2/staticcontent`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    // Every variable the server reads is set here: server/src/main.ts loads a developer's .env
    // only for variables still unset, so none of it leaks into the tests. An empty value is the
    // default for config.ts (APP_URL empty: the app on this origin).
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: 'memory://',
      JWT_SECRET: E2E_JWT_SECRET,
      DEMO_SSO: 'true',
      // E2E_STATIC_DIR: a build of one's own (vite build --outDir), so that two worktrees of work
      // in progress can run their specs side by side on two ports.
      STATIC_DIR: process.env.E2E_STATIC_DIR ?? 'dist',
      LOG_LEVEL: 'warn',
      TOKEN_TTL_S: '3600',
      APP_URL: '',
      JOB_WORKER: 'true',
      JOB_POLL_MS: '1000',
      TRUST_PROXY: '',
      HELP_IMAGE_ORIGINS: '',
      SHUTDOWN_TIMEOUT_MS: '10000',
      // Parallel specs sign in and connect as one user far more often than a person does;
      // e2e/rate-limits.spec.ts starts a server of its own with low limits.
      RATE_LIMIT_SIGN_IN_PER_MINUTE: '100000',
      RATE_LIMIT_API_PER_MINUTE: '1000000',
      RATE_LIMIT_HUB_PER_MINUTE: '100000',
    },
  },
});
