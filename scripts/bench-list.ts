/**
 * npm run bench:list: opens the department with over 2,000 residences in Chromium (desktop
 * size) and prints the time to the first rows and the median time from a filter keystroke
 * to the updated rows being painted. Target (issue 4): under 50 ms per keystroke.
 */
import { execSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';

execSync('npx vite build', { stdio: 'ignore' });
const app = await buildApp(loadConfig({ DATABASE_URL: 'memory://', STATIC_DIR: 'dist' }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s[Math.floor(s.length / 2)]!;
};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  const token = (await (
    await fetch(`${base}/auth/demo-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'skriver' }),
    })
  ).json()) as { token: string };
  const auth = { Authorization: `Bearer ${token.token}` };
  const [organization] = (await (
    await fetch(`${base}/api/v2/organizations/getorganizations`, { headers: auth })
  ).json()) as { id: string }[];
  const departments = (await (
    await fetch(`${base}/api/v2/properties/availabledepartments?organizationId=${organization!.id}`, {
      headers: auth,
    })
  ).json()) as { departmentId: string; propertiesCount: number; departmentName: string }[];
  const big = [...departments].sort((a, b) => b.propertiesCount - a.propertiesCount)[0]!;

  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${base}/loginCallback?token=${token.token}&returnPath=/`);
  await page.getByRole('heading', { level: 1, name: /Hej/ }).waitFor();

  const firstRows: number[] = [];
  for (let run = 0; run < 3; run++) {
    await page.goto(`${base}/departments/properties/${big.departmentId}`);
    const handle = await page.waitForFunction(
      () => (document.querySelectorAll('tbody tr').length > 5 ? performance.now() : 0),
      null,
      { polling: 'raf' },
    );
    firstRows.push((await handle.jsonValue()) as number);
  }

  // Keystroke -> rows changed -> next frame painted, measured inside the page.
  await page.evaluate(() => {
    const w = window as unknown as { __latencies: number[] };
    w.__latencies = [];
    const input = document.querySelector<HTMLInputElement>('input[aria-label="Filtrér på husnummer"]')!;
    // beforeinput: fired for every typed character and deletion, before the value changes.
    input.addEventListener(
      'beforeinput',
      () => {
        const t0 = performance.now();
        const body = document.querySelector('tbody')!;
        const observer = new MutationObserver(() => {
          observer.disconnect();
          requestAnimationFrame(() => setTimeout(() => w.__latencies.push(performance.now() - t0), 0));
        });
        observer.observe(body, { childList: true, subtree: true, characterData: true });
        setTimeout(() => observer.disconnect(), 1000);
      },
      true,
    );
  });
  // Each keystroke changes the rows: a number, then its deletion (all rows), then the next.
  const input = page.getByLabel('Filtrér på husnummer');
  await input.focus();
  for (let round = 0; round < 2; round++) {
    for (const digit of '123456789') {
      await page.keyboard.type(digit);
      await page.waitForTimeout(150);
      await page.keyboard.press('Backspace');
      await page.waitForTimeout(150);
    }
  }
  const latencies = await page.evaluate(() => (window as unknown as { __latencies: number[] }).__latencies);
  console.log(`Department "${big.departmentName}": ${big.propertiesCount} residences`);
  console.log(
    `Time to first rows (full load, median of 3): ${median(firstRows).toFixed(0)} ms  [${firstRows.map((x) => x.toFixed(0)).join(', ')}]`,
  );
  console.log(
    `Filter keystroke -> rows painted: median ${median(latencies).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms over ${latencies.length} keystrokes  (target < 50 ms)`,
  );
} finally {
  await browser.close();
  await app.close();
}
