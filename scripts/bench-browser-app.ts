/**
 * What the browser benches (bench:list, bench:offline-start, bench:offline, bench:bulk, bench:lighthouse, and
 * the sign-in and launch of bench:answers) share: a production build served by the real server
 * on an in-memory database with the demo data, a signed-in Chromium page, and the department
 * with the most residences.
 *
 * BENCH_DIST names the build directory (default dist-bench, so that a bench never overwrites
 * the `dist` another command serves); BENCH_SKIP_BUILD=1 reuses a build already there.
 */
import { execSync } from 'node:child_process';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { buildApp, type App } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { GUIDANCE_TIPS } from '../src/domain/guidance';
import { BENCH_RATE_LIMITS, startServerChild, type ServerChild } from './server-child';

export interface BenchServer {
  base: string;
  /** The server itself, in this process (bench:bulk reads its jobs from its database). */
  app: App;
  close(): Promise<void>;
}

export interface BigDepartment {
  organizationId: string;
  departmentId: string;
  departmentName: string;
  propertiesCount: number;
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
];

export const DESKTOP = { viewport: { width: 1280, height: 900 } };
export const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

/** The row checkboxes of the property list, both layouts ("Vælg <adresse>"), not select-all. */
export const LIST_ROW_SELECTOR = 'input[type=checkbox][aria-label^="Vælg "]:not([aria-label="Vælg alle"])';

/** Builds the PWA into BENCH_DIST (unless BENCH_SKIP_BUILD=1) and answers the directory. */
function benchBuild(): string {
  const dist = process.env.BENCH_DIST ?? 'dist-bench';
  if (process.env.BENCH_SKIP_BUILD !== '1') execSync(`npx vite build --outDir ${dist}`, { stdio: 'ignore' });
  return dist;
}

/**
 * Builds (unless told not to) and serves the PWA on a free port; `env` adds server settings
 * (bench:bulk runs the job worker in this process).
 */
export async function startBenchServer(env: NodeJS.ProcessEnv = {}): Promise<BenchServer> {
  const app = await buildApp(
    loadConfig({
      DATABASE_URL: 'memory://',
      STATIC_DIR: benchBuild(),
      LOG_LEVEL: 'warn',
      ...BENCH_RATE_LIMITS,
      ...env,
    }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { base: `http://127.0.0.1:${port}`, app, close: () => app.close() };
}

/**
 * The same build and server as startBenchServer, but in a process of its own, as `npm start`
 * runs it (scripts/server-child.ts). For benches whose own work in Node is heavy (Lighthouse
 * processes its trace there): in the bench's process every request would wait for that work,
 * and the wait would be measured as the server's.
 */
export function startServerProcess(env: NodeJS.ProcessEnv = {}): Promise<ServerChild> {
  return startServerChild({
    env: {
      DATABASE_URL: 'memory://',
      STATIC_DIR: benchBuild(),
      LOG_LEVEL: 'warn',
      ...BENCH_RATE_LIMITS,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    readyPath: '/',
    timeoutMs: 120_000,
  });
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

/** A demo sign-in token for the write user, as the demo SSO hands it out. */
export async function demoToken(base: string): Promise<string> {
  const response = await fetch(`${base}/auth/demo-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'skriver' }),
  });
  return ((await response.json()) as { token: string }).token;
}

/** A GET of the API as the token's user; anything but 200 stops the bench. */
export async function apiGet<T>(base: string, token: string, path: string): Promise<T> {
  const response = await fetch(`${base}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

/** The department with the most residences in the user's first organization. */
export async function bigDepartment(base: string, token: string): Promise<BigDepartment> {
  const [organization] = await apiGet<{ id: string }[]>(
    base,
    token,
    '/api/v2/organizations/getorganizations',
  );
  const organizationId = organization!.id;
  const departments = await apiGet<Omit<BigDepartment, 'organizationId'>[]>(
    base,
    token,
    `/api/v2/properties/availabledepartments?organizationId=${organizationId}`,
  );
  const big = [...departments].sort((a, b) => b.propertiesCount - a.propertiesCount)[0]!;
  return { ...big, organizationId };
}

/** A department's rows as the list gets them (one per assessment, and per residence without). */
export function departmentRows<T>(base: string, token: string, departmentId: string): Promise<T[]> {
  return apiGet<T[]>(base, token, `/api/v2/properties/propertiesbydepartment?locationId=${departmentId}`);
}

/** Signs the page in through the login callback and waits for the home greeting. */
export async function signIn(page: Page, base: string, token: string): Promise<void> {
  await page.goto(`${base}/loginCallback?token=${token}&returnPath=/`);
  await page.getByRole('heading', { level: 1, name: /Hej/ }).waitFor();
}

export async function newSignedInPage(
  browser: Browser,
  base: string,
  token: string,
  options: Parameters<Browser['newContext']>[0],
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale: 'da-DK', ...options });
  // tsx (esbuild keepNames) wraps named functions in __name(); functions handed to
  // page.evaluate run in the page, which must have it too.
  await context.addInitScript('window.__name = (fn) => fn');
  const page = await context.newPage();
  await signIn(page, base, token);
  return { context, page };
}

/**
 * The guidance tips count as seen (local storage, src/offline/client-state.ts): one opening by
 * itself would cover the page a bench measures.
 */
export async function markGuidanceTipsShown(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(
    (tips) => localStorage.setItem('bt:guidance:shown', JSON.stringify(tips)),
    [...GUIDANCE_TIPS],
  );
}

/**
 * Installed: the service worker controls the page (opened with `serviceWorkers: 'allow'`) and
 * has precached the app shell.
 */
export async function untilServiceWorkerControls(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
  });
}

export const median = (xs: readonly number[]) => percentile(xs, 0.5);

/** Nearest-rank percentile. */
export function percentile(xs: readonly number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

export const ms = (x: number) => `${x.toFixed(0)} ms`;
