/**
 * npm run bench:offline (issue 12): a day of field work prepared at the office. A signed-in
 * phone (service worker active) takes the biggest department along ("Tag afdelingen med
 * offline"), then the network goes and the app is reloaded, and assessments never opened
 * before are opened offline. Prints:
 * - the take-along: seconds, residences, bytes on the wire (Chromium's encoded bytes of every
 *   response during the run, from the DevTools protocol) and the storage used afterwards
 *   (`navigator.storage.estimate`, IndexedDB and Cache API);
 * - offline, the time from an in-app navigation to an assessment's first question answerable
 *   (its options on screen), median, min and max of BENCH_OPEN (default 20) assessments.
 * docs/architecture.md "Taken along offline".
 */
import {
  apiGet,
  bigDepartment,
  demoToken,
  launchChromium,
  median,
  markGuidanceTipsShown,
  ms,
  newSignedInPage,
  PHONE,
  startBenchServer,
  untilServiceWorkerControls,
} from './bench-browser-app';

const OPEN = Number(process.env.BENCH_OPEN ?? 20);
const MB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

interface Row {
  residenceId: string;
  assessmentId: string | null;
  assessmentStatus: string | null;
}

const server = await startBenchServer();
const browser = await launchChromium();
try {
  const token = await demoToken(server.base);
  const big = await bigDepartment(server.base, token);
  const rows = await apiGet<Row[]>(
    server.base,
    token,
    `/api/v2/properties/propertiesbydepartment?locationId=${big.departmentId}`,
  );
  // Never opened in this browser: the bench only ever opens the department's list.
  const targets = rows.filter((r) => r.assessmentId && r.assessmentStatus === 'draft').slice(0, OPEN);

  const { context, page } = await newSignedInPage(browser, server.base, token, {
    ...PHONE,
    serviceWorkers: 'allow',
  });
  await markGuidanceTipsShown(context);
  await untilServiceWorkerControls(page);
  await page.goto(`${server.base}/departments/properties/${big.departmentId}`);
  const takeAlong = page.getByRole('button', { name: 'Tag afdelingen med offline' });
  await takeAlong.waitFor();

  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  let bytes = 0;
  cdp.on('Network.loadingFinished', (event) => {
    bytes += event.encodedDataLength;
  });
  const started = Date.now();
  await takeAlong.click();
  const status = page.getByRole('status', { name: 'Tag med offline' });
  await status.filter({ hasText: /boliger er taget med offline/ }).waitFor({ timeout: 30 * 60_000 });
  const seconds = (Date.now() - started) / 1000;
  await cdp.detach();
  const storage = await page.evaluate(async () => {
    const estimate = (await navigator.storage.estimate()) as StorageEstimate & {
      usageDetails?: { indexedDB?: number; caches?: number };
    };
    return {
      usage: estimate.usage ?? 0,
      indexedDB: estimate.usageDetails?.indexedDB ?? 0,
      caches: estimate.usageDetails?.caches ?? 0,
    };
  });
  console.log(`Take along "${big.departmentName}" (${big.propertiesCount} residences), phone, Chromium`);
  console.log(`  time               ${seconds.toFixed(1)} s`);
  console.log(`  bytes on the wire  ${MB(bytes)}`);
  console.log(
    `  storage used       ${MB(storage.usage)} (IndexedDB ${MB(storage.indexedDB)}, caches ${MB(storage.caches)})`,
  );

  await context.setOffline(true);
  await page.goto(`${server.base}/offline`);
  await page.getByRole('heading', { level: 1, name: 'Offline-data' }).waitFor();
  const times: number[] = [];
  for (const row of targets) {
    const path = `/assessment/${row.residenceId}/${row.assessmentId}/screening/001`;
    const start = await page.evaluate((to) => {
      const t = performance.now();
      history.pushState({}, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
      return t;
    }, path);
    await page.getByRole('radio').first().waitFor({ timeout: 10_000 });
    times.push((await page.evaluate(() => performance.now())) - start);
    await page.evaluate(() => {
      history.pushState({}, '', '/offline');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('heading', { level: 1, name: 'Offline-data' }).waitFor();
  }
  console.log(`Offline, an assessment never opened before, to its first question (${times.length})`);
  console.log(`  median ${ms(median(times))}  min ${ms(Math.min(...times))}  max ${ms(Math.max(...times))}`);
} finally {
  await browser.close();
  await server.close();
}
