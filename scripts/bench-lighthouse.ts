/**
 * npm run bench:lighthouse: Lighthouse 12 in its default mobile mode (mobile emulation,
 * simulated throttling) against the build as `npm start` serves it, on three pages: `/`
 * signed out, the department with the most residences and a draft assessment's question,
 * both signed in. Prints the performance, accessibility and best-practices scores and the
 * FCP/LCP/TBT/CLS of each, with the targets (docs/performance.md "Bytes on the wire").
 *
 * Signed in: the session is the token cookie. Chrome signs in through /loginCallback before
 * every signed-in audit (the signed-out audit clears cookies); Lighthouse's own storage reset
 * (service workers, Cache Storage, the HTTP cache, and here IndexedDB too) leaves cookies and
 * localStorage alone, so every signed-in audit is a signed-in visit with empty caches. An audit
 * that ends anywhere but the page it opened (a redirect to login) is an error, not a score.
 *
 * Scores under simulated throttling follow the machine's load, so each page is audited
 * LIGHTHOUSE_RUNS times (default 3) and the median is printed with the spread, as Lighthouse's
 * own documentation advises ("Lighthouse variability"); the failing audits listed are those of
 * the median run. LIGHTHOUSE_PAGES (home, list, question; comma-separated) audits only those.
 * The build is the other browser benches' (bench-browser-app.ts: BENCH_DIST, BENCH_SKIP_BUILD);
 * the server runs in a process of its own, as `npm start` runs it: Lighthouse does heavy work in
 * this process, and a server here would answer late and be simulated as slow.
 * LIGHTHOUSE_REPORT_DIR, when set, receives every audit's full report as JSON.
 * LIGHTHOUSE_THROTTLING=devtools throttles the real load (Lighthouse's `devtools` method).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { apiGet, bigDepartment, demoToken, median, startServerProcess } from './bench-browser-app';

const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
const TARGETS = { performance: 90, accessibility: 100, 'best-practices': 100 } as const;
type Category = keyof typeof TARGETS;
const CATEGORIES = Object.keys(TARGETS) as Category[];
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
/** Runs Lighthouse could not finish, per page, before the bench gives up. */
const MAX_RETRIES = 2;
/** LIGHTHOUSE_PAGES=list,question audits only those (home, list, question); default all three. */
const ONLY = process.env.LIGHTHOUSE_PAGES?.split(',').map((key) => key.trim());

const server = await startServerProcess();
const { base } = server;
const token = await demoToken(base);
const big = await bigDepartment(base, token);
const active = await apiGet<{ propertyId: string; assessmentId: string; assessmentStatus: string }[]>(
  base,
  token,
  `/api/v2/assessment/getactiveassessments?organizationId=${big.organizationId}`,
);
const draft = active.find((a) => a.assessmentStatus === 'draft');
if (!draft) throw new Error('The demo data has no draft assessment to audit');

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});

/** Sets the session cookie; with `opening`, also says which question that draft opens on. */
async function signIn(opening?: { propertyId: string; assessmentId: string }): Promise<string> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    const page = await browser.newPage();
    await page.goto(`${base}/loginCallback?token=${token}&returnPath=/`);
    // Generous: on a loaded machine the first start of Chromium and the server is slow.
    await page.waitForSelector('h1', { timeout: 120_000 });
    if (opening) {
      await page.goto(`${base}/assessment/${opening.propertyId}/${opening.assessmentId}`);
      await page.waitForFunction(() => location.pathname.split('/').length === 6, { timeout: 120_000 });
    }
    const landed = new URL(page.url()).pathname;
    await page.close();
    return landed;
  } finally {
    await browser.disconnect();
  }
}

const score = (lhr: Result, c: Category) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
const metric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? NaN;
const spread = (xs: number[], digits = 0) =>
  xs.length > 1 ? `  (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})` : '';

try {
  const questionPath = await signIn(draft);
  const pages = [
    { key: 'home', name: '/ (signed out)', path: '/', signedIn: false },
    {
      key: 'list',
      name: `big department (${big.propertiesCount} residences)`,
      path: `/departments/properties/${big.departmentId}`,
      signedIn: true,
    },
    { key: 'question', name: 'assessment question', path: questionPath, signedIn: true },
  ].filter((page) => !ONLY || ONLY.includes(page.key));
  console.log(`Lighthouse mobile, ${RUNS} run(s) per page: median (min–max)`);
  const failures: string[] = [];
  for (const [index, target] of pages.entries()) {
    const runs: Result[] = [];
    let retries = 0;
    for (let run = 0; run < RUNS; run++) {
      if (target.signedIn) await signIn();
      const flags: Flags = {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
        // LIGHTHOUSE_THROTTLING=devtools: the page really loads over the throttled line instead of
        // a simulation from an unthrottled load; slower and noisier, but it times request chains.
        throttlingMethod: process.env.LIGHTHOUSE_THROTTLING === 'devtools' ? 'devtools' : 'simulate',
        // Signed out: the cookie goes too. Signed in: it stays, the caches go.
        clearStorageTypes: target.signedIn
          ? ['file_systems', 'shader_cache', 'service_workers', 'cache_storage', 'indexeddb']
          : [
              'file_systems',
              'shader_cache',
              'service_workers',
              'cache_storage',
              'indexeddb',
              'cookies',
              'local_storage',
            ],
      };
      const result = await lighthouse(`${base}${target.path}`, flags);
      if (!result) throw new Error(`Lighthouse gave no result for ${target.path}`);
      // A run Lighthouse itself could not finish (a trace it could not read, say) has no
      // metrics: counted, it would be a score of 0 in the median. It is run again instead.
      const failed =
        result.lhr.runtimeError ??
        (result.lhr.categories.performance?.score == null
          ? { code: 'NO_SCORE', message: 'no performance score' }
          : undefined);
      if (failed) {
        if (++retries > MAX_RETRIES)
          throw new Error(`${target.name}: Lighthouse failed: ${failed.code} ${failed.message}`);
        console.log(`  (a run failed in Lighthouse: ${failed.code}; run again)`);
        run--;
        continue;
      }
      const landed = new URL(result.lhr.finalDisplayedUrl);
      if (landed.pathname !== target.path) {
        throw new Error(
          `${target.name}: the audit ended on ${landed.pathname}${landed.search}, not ${target.path}`,
        );
      }
      if (reportDir) {
        mkdirSync(reportDir, { recursive: true });
        writeFileSync(
          path.join(reportDir, `page-${index + 1}-run-${run + 1}.json`),
          JSON.stringify(result.lhr),
        );
      }
      runs.push(result.lhr);
    }
    console.log(`\n${target.name}: ${target.path}`);
    for (const c of CATEGORIES) {
      const scores = runs.map((lhr) => score(lhr, c));
      const ok = median(scores) >= TARGETS[c];
      if (!ok) failures.push(`${target.name} ${c} ${median(scores)}`);
      console.log(
        `  ${c.padEnd(15)} ${String(median(scores)).padStart(3)}${spread(scores)}  (target >= ${TARGETS[c]})${ok ? '' : '  MISSED'}`,
      );
    }
    const seconds = (id: string) => {
      const xs = runs.map((lhr) => metric(lhr, id) / 1000);
      return `${median(xs).toFixed(2)} s${spread(xs, 2)}`;
    };
    const tbt = runs.map((lhr) => metric(lhr, 'total-blocking-time'));
    const cls = runs.map((lhr) => metric(lhr, 'cumulative-layout-shift'));
    console.log(`  FCP ${seconds('first-contentful-paint')}  LCP ${seconds('largest-contentful-paint')}`);
    console.log(
      `  TBT ${median(tbt).toFixed(0)} ms${spread(tbt)}  CLS ${median(cls).toFixed(3)}${spread(cls, 3)}  SI ${seconds('speed-index')}`,
    );
    // What keeps a score below its target, in the run with the median performance score.
    const medianRun = [...runs].sort((a, b) => score(a, 'performance') - score(b, 'performance'))[
      Math.floor((runs.length - 1) / 2)
    ]!;
    for (const c of CATEGORIES) {
      for (const ref of medianRun.categories[c]?.auditRefs ?? []) {
        const audit = medianRun.audits[ref.id];
        if (!audit || audit.score === null || audit.score >= 0.9) continue;
        console.log(`    - [${c}] ${audit.title}${audit.displayValue ? `: ${audit.displayValue}` : ''}`);
      }
    }
  }
  console.log(failures.length === 0 ? '\nAll targets met.' : `\nTargets missed: ${failures.join('; ')}`);
} finally {
  chrome.kill();
  await server.close();
}
