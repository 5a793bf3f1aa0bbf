/**
 * npm run bench:lighthouse: Lighthouse 12 in its default mobile mode (mobile emulation,
 * simulated throttling) against the build as `npm start` serves it, on three pages: `/`
 * signed out, the department with the most residences and a draft assessment's question,
 * both signed in. Prints the performance, accessibility and best-practices scores and the
 * FCP/LCP/TBT/CLS of each, with the targets (docs/architecture.md "Bytes on the wire").
 *
 * Signed in: the session is the token cookie. Chrome signs in once through /loginCallback;
 * Lighthouse's own storage reset (service workers, Cache Storage, the HTTP cache, and here
 * IndexedDB too) leaves cookies and localStorage alone, so every audit is a signed-in visit
 * with empty caches. The build and server are the other browser benches' (bench-browser-app.ts:
 * BENCH_DIST, BENCH_SKIP_BUILD); LIGHTHOUSE_REPORT_DIR, when set, receives each page's full
 * report as JSON.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { apiGet, bigDepartment, demoToken, startBenchServer } from './bench-browser-app';

const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
const TARGETS = { performance: 90, accessibility: 100, 'best-practices': 100 } as const;
type Category = keyof typeof TARGETS;

const server = await startBenchServer();
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
try {
  // Sign in once; the assessment's own route then says which question it opens on.
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  await page.goto(`${base}/loginCallback?token=${token}&returnPath=/`);
  await page.waitForSelector('h1');
  await page.goto(`${base}/assessment/${draft.propertyId}/${draft.assessmentId}`);
  await page.waitForFunction(() => location.pathname.split('/').length === 6);
  const questionPath = new URL(page.url()).pathname;
  await page.close();
  await browser.disconnect();

  const pages = [
    { name: '/ (signed out)', path: '/', signedIn: false },
    {
      name: `big department (${big.propertiesCount} residences)`,
      path: `/departments/properties/${big.departmentId}`,
      signedIn: true,
    },
    { name: 'assessment question', path: questionPath, signedIn: true },
  ];
  const failures: string[] = [];
  for (const [index, target] of pages.entries()) {
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: Object.keys(TARGETS),
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
    const { categories, audits } = result.lhr;
    if (reportDir) {
      mkdirSync(reportDir, { recursive: true });
      writeFileSync(path.join(reportDir, `page-${index + 1}.json`), JSON.stringify(result.lhr));
    }
    const score = (c: Category) => Math.round((categories[c]?.score ?? 0) * 100);
    const ms = (id: string) => `${((audits[id]?.numericValue ?? NaN) / 1000).toFixed(2)} s`;
    console.log(`\n${target.name}: ${target.path}`);
    for (const c of Object.keys(TARGETS) as Category[]) {
      const ok = score(c) >= TARGETS[c];
      if (!ok) failures.push(`${target.name} ${c} ${score(c)}`);
      console.log(
        `  ${c.padEnd(15)} ${String(score(c)).padStart(3)}  (target >= ${TARGETS[c]})${ok ? '' : '  MISSED'}`,
      );
    }
    console.log(
      `  FCP ${ms('first-contentful-paint')}  LCP ${ms('largest-contentful-paint')}  TBT ${Math.round(audits['total-blocking-time']?.numericValue ?? NaN)} ms  CLS ${(audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)}  SI ${ms('speed-index')}`,
    );
    // What keeps a score below its target: every audit that did not pass, with its figure.
    for (const c of Object.keys(TARGETS) as Category[]) {
      for (const ref of categories[c]?.auditRefs ?? []) {
        const audit = audits[ref.id];
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
