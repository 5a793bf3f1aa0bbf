/**
 * npm run bench:offline: a day of field work prepared at the office. A signed-in phone (service
 * worker active) takes the biggest department along ("Tag afdelingen med offline"), then the
 * network goes and the app is reloaded, and assessments never opened before are opened offline.
 * Prints:
 * - the take-along: seconds, residences, bytes on the wire (Chromium's encoded bytes of every
 *   response during the run, from the DevTools protocol) and the storage used afterwards
 *   (`navigator.storage.estimate`, IndexedDB and Cache API);
 * - offline, the time from an in-app navigation to an assessment's first question answerable
 *   (its options on screen), median, min and max of BENCH_OPEN (default 20) assessments;
 * - a reload of a question, from the navigation's start to the question answerable, median of
 *   BENCH_RELOADS (default 10): offline, and under lie-fi (the browser online, every
 *   request to the server hanging). Target: under 1.5 s both ways.
 * docs/architecture.md "Taken along offline" and "Lie-fi is offline".
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
const RELOADS = Number(process.env.BENCH_RELOADS ?? 10);
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

  // A reload of a question opened offline: offline, then with the network up and passing nothing.
  const last = targets.at(-1)!;
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, `/assessment/${last.residenceId}/${last.assessmentId}/screening/001`);
  await page.getByRole('radio').first().waitFor({ timeout: 10_000 });
  const reloads = async (label: string) => {
    const took: number[] = [];
    for (let i = 0; i < RELOADS; i++) {
      await page.reload({ waitUntil: 'commit' });
      await page.getByRole('radio').first().waitFor({ timeout: 30_000 });
      took.push(await page.evaluate(() => performance.now()));
    }
    console.log(`Reload of a question, ${label} (${took.length}), from the navigation's start`);
    console.log(`  median ${ms(median(took))}  min ${ms(Math.min(...took))}  max ${ms(Math.max(...took))}`);
  };
  await reloads('offline');
  await context.setOffline(false);
  // Lie-fi: every request to the server hangs; the app's code and pages come from the worker.
  await context.route(/\/(api|healthz|auth)(\/|$|\?)/, () => undefined);
  await reloads('under lie-fi (every request hangs)');
} finally {
  await browser.close();
  await server.close();
}
