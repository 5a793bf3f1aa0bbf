/**
 * npm run bench:bundle: builds the PWA and prints the gzip bytes of the JS and CSS that a
 * first visit to / (signed out, empty cache) downloads in Chromium before it is idle, and
 * what the service worker then precaches for offline use. Target (issue 3): JS <= 200 KB.
 */
import { execSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

execSync('npx vite build', { stdio: 'ignore' });

const config = loadConfig({ DATABASE_URL: 'memory://', STATIC_DIR: 'dist' });
const app = await buildApp(config, { seed: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const downloaded: { url: string; type: string; gzip: number; raw: number }[] = [];
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const body = await response.body();
    downloaded.push({
      url: new URL(response.url()).pathname,
      type,
      raw: body.length,
      gzip: gzipSync(body).length,
    });
  });
  await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).waitFor();

  const sum = (type: string) => downloaded.filter((d) => d.type === type).reduce((s, d) => s + d.gzip, 0);
  console.log('First visit to / (signed out), gzip bytes:');
  for (const d of downloaded.sort((a, b) => b.gzip - a.gzip))
    console.log(`  ${kb(d.gzip).padStart(9)}  ${d.url}`);
  console.log(`JS:  ${kb(sum('script'))} (${sum('script')} B)  target <= 200 KB`);
  console.log(`CSS: ${kb(sum('stylesheet'))} (${sum('stylesheet')} B)`);

  // Everything the service worker precaches (the whole app shell for offline use).
  let precache = 0;
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (/\.(js|css|html|svg|png)$/.test(name) && name !== 'sw.js')
        precache += gzipSync(readFileSync(file)).length;
    }
  };
  walk('dist');
  console.log(`Offline app shell precached by the service worker: ${kb(precache)} gzip`);
} finally {
  await browser.close();
  await app.close();
}
