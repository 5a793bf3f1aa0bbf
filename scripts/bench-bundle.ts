/**
 * npm run bench:bundle: what Chromium actually transfers from the server as `npm start` serves
 * it (docs/performance.md "Bytes on the wire"). Every figure is the encoded body bytes
 * Chromium received (Playwright `request.sizes()`, from the DevTools protocol's
 * `encodedDataLength`), never an estimate; each request is listed with its Content-Encoding.
 *
 * 1. First visit to / signed out: empty cache, service worker blocked. JS and CSS against the
 *    targets, and the total. Then the same browser again: what revalidation (304) costs.
 * 2. A signed-in visit to the department with the most residences, cold: the app, the sign-in
 *    and the list, with the API JSON bytes apart.
 * 3. The precache: every file the service worker's manifest names, as Chromium would
 *    download it (its Accept-Encoding, bytes as received).
 *
 * BENCH_DIST and BENCH_SKIP_BUILD as in scripts/bench-browser-app.ts.
 */
import { request as httpRequest } from 'node:http';
import type { Browser, Request } from 'playwright-core';
import { bigDepartment, demoToken, launchChromium, startBenchServer } from './bench-browser-app';

const TARGET_JS = 150 * 1024;
const TARGET_CSS = 20 * 1024;
/** What Chromium sends; the precache is fetched with it. */
const CHROMIUM_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

interface Transfer {
  path: string;
  type: string;
  encoding: string;
  status: number;
  /** Encoded body bytes as received. */
  body: number;
  headers: number;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const sum = (transfers: readonly Transfer[], keep: (t: Transfer) => boolean = () => true) =>
  transfers.filter(keep).reduce((total, t) => total + t.body, 0);
const isJs = (t: Transfer) => t.type === 'script';
const isCss = (t: Transfer) => t.type === 'stylesheet';
const isApi = (t: Transfer) => t.path.startsWith('/api/') || t.path.startsWith('/auth/');

/** Records every finished request of the context with its bytes on the wire. */
function recordTransfers(context: Awaited<ReturnType<Browser['newContext']>>) {
  const pending: Promise<Transfer | null>[] = [];
  context.on('requestfinished', (request: Request) => {
    pending.push(
      (async () => {
        const response = await request.response();
        if (!response) return null;
        const sizes = await request.sizes();
        const url = new URL(request.url());
        return {
          path: url.pathname + url.search.replace(/token=[^&]+/, 'token=…'),
          type: request.resourceType(),
          encoding: (await response.headerValue('content-encoding')) ?? 'identity',
          status: response.status(),
          body: sizes.responseBodySize,
          headers: sizes.responseHeadersSize,
        };
      })(),
    );
  });
  return async () => (await Promise.all(pending)).filter((t): t is Transfer => t !== null);
}

function printTransfers(transfers: readonly Transfer[]) {
  for (const t of [...transfers].sort((a, b) => b.body - a.body)) {
    const path = t.path.length > 90 ? `${t.path.slice(0, 87)}…` : t.path;
    console.log(
      `  ${kb(t.body).padStart(9)}  ${t.encoding.padEnd(8)} ${String(t.status).padEnd(4)} ${t.type.padEnd(10)} ${path}`,
    );
  }
  const headers = transfers.reduce((total, t) => total + t.headers, 0);
  console.log(
    `  total: ${kb(sum(transfers))} of bodies in ${transfers.length} requests (+ ${kb(headers)} of response headers)`,
  );
}

/** The body bytes of one GET as received, undecoded. */
function encodedBytes(url: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers: { 'accept-encoding': CHROMIUM_ACCEPT_ENCODING } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () =>
        response.statusCode === 200
          ? resolve({ bytes, encoding: String(response.headers['content-encoding'] ?? 'identity') })
          : reject(new Error(`${url}: ${response.statusCode}`)),
      );
    })
      .on('error', reject)
      .end();
  });
}

const server = await startBenchServer();
const browser = await launchChromium();
try {
  // 1. First visit, signed out.
  {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const transfers = recordTransfers(context);
    const page = await context.newPage();
    await page.goto(`${server.base}/`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    const all = await transfers();
    // The same browser again: assets from its cache, index.html and staticcontent revalidated.
    // Playwright's sizes are not meant for cache hits; the DevTools protocol says what was
    // served from the cache and how many bytes (headers included) came over the network.
    const cdp = await context.newCDPSession(page);
    const seen = new Map<string, { path: string; status: number; cached: boolean; bytes: number }>();
    cdp.on('Network.responseReceived', ({ requestId, response }) => {
      const url = new URL(response.url);
      seen.set(requestId, {
        path: url.pathname,
        status: response.status,
        cached: Boolean(response.fromDiskCache || response.fromPrefetchCache),
        bytes: 0,
      });
    });
    // Both may come before responseReceived: kept apart and joined when printed.
    const fromCache = new Set<string>();
    const wireStatus = new Map<string, number>();
    cdp.on('Network.requestServedFromCache', ({ requestId }) => fromCache.add(requestId));
    cdp.on('Network.responseReceivedExtraInfo', ({ requestId, statusCode }) =>
      wireStatus.set(requestId, statusCode),
    );
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      const entry = seen.get(requestId);
      if (entry) entry.bytes = encodedDataLength;
    });
    await cdp.send('Network.enable');
    // A repeat visit comes later: the cache has written its entries by then.
    await page.waitForTimeout(1000);
    await page.goto(`${server.base}/`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    await context.close();
    console.log('First visit to / (signed out, empty cache, no service worker), encoded bytes received:');
    printTransfers(all);
    const js = sum(all, isJs);
    const css = sum(all, isCss);
    console.log(
      `JS:    ${kb(js).padStart(9)} (${js} B)  target <= ${kb(TARGET_JS)}  ${js <= TARGET_JS ? 'met' : 'NOT met'}`,
    );
    console.log(
      `CSS:   ${kb(css).padStart(9)} (${css} B)  target <= ${kb(TARGET_CSS)}  ${css <= TARGET_CSS ? 'met' : 'NOT met'}`,
    );
    console.log(`Total: ${kb(sum(all)).padStart(9)} (${sum(all)} B)`);
    console.log('\nRepeat visit to / (same browser, HTTP cache warm), bytes received including headers:');
    let repeatBytes = 0;
    for (const [id, r] of [...seen].sort(([, a], [, b]) => b.bytes - a.bytes)) {
      repeatBytes += r.bytes;
      const source = r.cached || fromCache.has(id) ? 'cache' : `network ${wireStatus.get(id) ?? r.status}`;
      console.log(`  ${kb(r.bytes).padStart(9)}  ${source.padEnd(12)} ${r.path}`);
    }
    console.log(`  total: ${kb(repeatBytes)} in ${seen.size} requests`);
  }

  // 2. Signed in, straight to the biggest department's list.
  const token = await demoToken(server.base);
  const big = await bigDepartment(server.base, token);
  {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const transfers = recordTransfers(context);
    const page = await context.newPage();
    const target = `/departments/properties/${big.departmentId}`;
    await page.goto(`${server.base}/loginCallback?token=${token}&returnPath=${encodeURIComponent(target)}`);
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length > 5);
    await page.waitForLoadState('networkidle');
    const all = await transfers();
    await context.close();
    console.log(
      `\nSigned-in visit to ${target} ("${big.departmentName}", ${big.propertiesCount} residences), cold, encoded bytes received:`,
    );
    printTransfers(all);
    const list = all.find((t) => t.path.startsWith('/api/v2/properties/propertiesbydepartment'));
    console.log(`API JSON: ${kb(sum(all, isApi))} in ${all.filter(isApi).length} requests`);
    console.log(
      `The department list itself: ${list ? `${kb(list.body)} (${list.encoding})` : 'not requested'}`,
    );
    console.log(`Total: ${kb(sum(all))} (${sum(all)} B)`);
  }

  // 3. The precache, as the service worker's install downloads it.
  {
    const sw = await (await fetch(`${server.base}/sw.js`)).text();
    const urls = [...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]!);
    let bytes = 0;
    const byEncoding = new Map<string, number>();
    for (const url of urls) {
      const received = await encodedBytes(`${server.base}/${url}`);
      bytes += received.bytes;
      byEncoding.set(received.encoding, (byEncoding.get(received.encoding) ?? 0) + 1);
    }
    const swBytes = (await encodedBytes(`${server.base}/sw.js`)).bytes;
    const encodings = [...byEncoding].map(([encoding, n]) => `${n} ${encoding}`).join(', ');
    console.log(
      `\nPrecache: ${urls.length} files, ${kb(bytes)} (${bytes} B) on the wire (${encodings}); sw.js itself ${kb(swBytes)}`,
    );
  }
} finally {
  await browser.close();
  await server.close();
}
