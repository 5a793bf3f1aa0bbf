/**
 * npm run bench:photos: photos as evidence (issue 34; docs/api.md "Extensions", photos), on the
 * device and on the server. Prints:
 *   - the device's shrink (src/photos/shrink-photo.ts: createImageBitmap, OffscreenCanvas,
 *     1600 px on the long edge, JPEG 0.8) of a 12-megapixel camera JPEG (4000 × 3000 with EXIF
 *     and GPS, made in Node by tests/fixtures/camera-jpeg.ts with a sensor's noise: 4–5 MB) in
 *     headless Chromium: the first run, then the median, p90, min and max of BENCH_RUNS (default
 *     10), the input's bytes and the output's bytes and size; the same again with the page's CPU
 *     four times slower (DevTools' Emulation.setCPUThrottlingRate 4, a mid-range phone as
 *     Lighthouse's mobile mode takes it). shrinkPhoto is bundled with esbuild into the page; the
 *     photo is handed to it as base64. Target: the stored photo "typically under 300 KB" (issue
 *     34); none for the times.
 *   - the bytes stored per photo: the shrink's output is what the device keeps and uploads; the
 *     server's `photos.size` and the sum of its `photo_chunks` after one upload of it, and after
 *     the load below the database's tables (photos and photo_chunks with their TOAST and
 *     indexes) per photo.
 *   - BENCH_PARALLEL (default 50) uploads at once (multipart, the shrink's output as the photo,
 *     each its own photoId and Idempotency-Key, residences of skriver's organization taken in
 *     turn), BENCH_ROUNDS (default 4) rounds, each timed to its last answer: uploads/s (p50 over
 *     the rounds), latency p50/p95 over every upload, errors (anything but 200); and the
 *     process's memory (rss, heap in use, ArrayBuffers) sampled every 20 ms during the rounds,
 *     its peak above the idle process (after a full collection: --expose-gc, which the npm
 *     script passes), and what stays after the rounds. Throughput is also printed as a share of
 *     a cheap request on the same server in the same run: GET /api/v2/staticcontent from as
 *     many parallel clients for as long as the rounds took.
 * The process's rss carries what its earlier parts left (the camera photo's encoding, the other
 * database): read the heap and the ArrayBuffers. With --expose-gc one more, untimed round takes
 * a full collection before each sample, so its peak is the memory the uploads hold, not garbage;
 * on PGlite that includes the database's own memory, which grows by what it stores. The event
 * loop's delay during the rounds is printed too: how long any other request waited.
 * The real app (buildApp, no job worker, the benches' relaxed rate limits) listens on 127.0.0.1
 * in this process, first on an in-memory PGlite with the demo seed, then on PostgreSQL in a fresh
 * database (bench_photos_…, dropped afterwards) when there is one: BENCH_DATABASE_URL (a server
 * URL whose user may create databases), else the test server of scripts/start-test-postgres.sh;
 * without either that part is skipped, and said so. The load generator shares the process with
 * the server, for the uploads and the cheap request alike; the share is what compares.
 * Figures only: the bench asserts no timing.
 */
import { execSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { build } from 'esbuild';
import { sql } from 'kysely';
import type { Browser } from 'playwright-core';
import { buildApp, type App } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import type { ShrunkPhoto } from '../src/photos/shrink-photo';
import { cameraJpeg } from '../tests/fixtures/camera-jpeg';
import {
  bigDepartment,
  demoToken,
  departmentRows,
  launchChromium,
  median,
  percentile,
} from './bench-browser-app';
import { freshPostgresDatabase } from './fresh-postgres';
import { BENCH_RATE_LIMITS } from './server-child';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const PARALLEL = Number(process.env.BENCH_PARALLEL ?? 50);
/** The CPU slowdown of a mid-range phone, as Lighthouse's mobile mode simulates it. */
const THROTTLE = 4;
/** Each channel's noise: a sensor's, which makes the 12-megapixel JPEG 4–5 MB, as a phone's. */
const NOISE = 24;
const TARGET_BYTES = 300 * 1024;
const TARGET = 'target: typically < 300 KB (issue 34)';
const SAMPLE_MS = 20;
const CHEAP_PATH = '/api/v2/staticcontent';

const fmt = (ms: number) => `${ms.toFixed(ms < 10 ? 1 : 0)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
const signedMb = (bytes: number) => `${bytes < 0 ? '−' : '+'}${mb(Math.abs(bytes))}`;
const spread = (xs: readonly number[]) =>
  `median ${fmt(median(xs))}  p90 ${fmt(percentile(xs, 0.9))}  min ${fmt(Math.min(...xs))}  max ${fmt(Math.max(...xs))}`;

function line(label: string, figures: string, note = ''): void {
  console.log(`  ${label.padEnd(46)} ${figures.padEnd(44)} ${note}`.trimEnd());
}

// ---------------------------------------------------------------------------------------------
// 1. The shrink on the device
// ---------------------------------------------------------------------------------------------

interface ShrinkRun {
  ms: number;
  bytes: number;
  width: number;
  height: number;
}

/** What the page holds: shrinkPhoto from the bundle, and the camera's photo. */
interface BenchWindow {
  benchShrink: { shrinkPhoto: (file: Blob) => Promise<ShrunkPhoto> };
  benchPhoto: Blob;
}

/** src/photos/shrink-photo.ts as one script that sets `window.benchShrink`. */
async function shrinkBundle(): Promise<string> {
  const result = await build({
    entryPoints: ['src/photos/shrink-photo.ts'],
    bundle: true,
    format: 'iife',
    globalName: 'benchShrink',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

/**
 * The shrink of `photo` in a fresh page: a first run, then RUNS timed ones, then RUNS with the CPU
 * throttled. Answers the times and the last output's bytes (the encoder gives the same bytes each
 * time).
 */
async function benchShrink(browser: Browser, photo: Uint8Array) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    // tsx (esbuild keepNames) wraps named functions in __name(); the page's copies need it too.
    await page.evaluate('globalThis.__name = (fn) => fn');
    await page.addScriptTag({ content: await shrinkBundle() });
    await page.evaluate((base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      (window as unknown as BenchWindow).benchPhoto = new Blob([bytes], { type: 'image/jpeg' });
    }, Buffer.from(photo).toString('base64'));
    const runs = (count: number) =>
      page.evaluate(async (n) => {
        const w = window as unknown as BenchWindow;
        const out: ShrinkRun[] = [];
        for (let i = 0; i < n; i++) {
          const started = performance.now();
          const shrunk = await w.benchShrink.shrinkPhoto(w.benchPhoto);
          out.push({
            ms: performance.now() - started,
            bytes: shrunk.blob.size,
            width: shrunk.width,
            height: shrunk.height,
          });
        }
        return out;
      }, count);
    const [first] = await runs(1);
    const fast = await runs(RUNS);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    const slow = await runs(RUNS);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const output = await page.evaluate(async () => {
      const w = window as unknown as BenchWindow;
      const shrunk = await w.benchShrink.shrinkPhoto(w.benchPhoto);
      const bytes = new Uint8Array(await shrunk.blob.arrayBuffer());
      let text = '';
      for (let i = 0; i < bytes.length; i += 0x8000)
        text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(text);
    });
    return { first: first!, fast, slow, output: Buffer.from(output, 'base64') };
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------------
// 2 and 3. The server
// ---------------------------------------------------------------------------------------------

/** The app on a free port of 127.0.0.1, in this process (its memory is the process's). */
async function startApp(env: NodeJS.ProcessEnv): Promise<{ app: App; base: string }> {
  const app = await buildApp(
    loadConfig({ STATIC_DIR: '', LOG_LEVEL: 'warn', JOB_WORKER: 'false', ...BENCH_RATE_LIMITS, ...env }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, base: `http://127.0.0.1:${port}` };
}

/** BENCH_DATABASE_URL, else the throw-away test server; null when neither is there. */
function postgresServer(): string | null {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  try {
    const last = execSync('bash scripts/start-test-postgres.sh', { encoding: 'utf8', stdio: 'pipe' })
      .trim()
      .split('\n')
      .at(-1)!;
    return last.startsWith('TEST_DATABASE_URL=') ? last.replace(/^TEST_DATABASE_URL=/, '') : null;
  } catch {
    return null; // PostgreSQL is not installed
  }
}

interface Answer {
  ms: number;
  status: number;
  body: string;
}

/** As many sockets as uploads at once, kept alive between the rounds, as phones would hold them. */
const agent = new Agent({ keepAlive: true, maxSockets: PARALLEL });

/**
 * One upload as the app's outbox sends it: the photo as the one file part of a multipart body,
 * its fields in the query string. The photo's bytes are written as they are, not copied.
 */
function upload(base: string, token: string, photo: Buffer, residenceId: string): Promise<Answer> {
  const photoId = randomUUID();
  const boundary = `----bench${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="photo.jpg"\r\n` +
      'Content-Type: image/jpeg\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const query = new URLSearchParams({ photoId, residenceId, takenAt: '2026-11-28T13:03:22.000Z' });
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(
      `${base}/api/v2/photos?${query}`,
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + photo.length + tail.length,
          'idempotency-key': `bench-${photoId}`,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            ms: performance.now() - started,
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', (error) => resolve({ ms: performance.now() - started, status: 0, body: String(error) }));
    req.write(head);
    req.write(photo);
    req.end(tail);
  });
}

/** A GET to the last byte of its body (its status), on the same agent as the uploads. */
function cheapGet(url: string): Promise<number> {
  return new Promise((resolve) => {
    const req = request(url, { agent, headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', () => resolve(0));
    });
    req.on('error', () => resolve(0));
    req.end();
  });
}

/** PARALLEL clients asking for the cheap request one after the other for `ms`: req/s. */
async function cheapRate(base: string, ms: number): Promise<{ perS: number; errors: number }> {
  const until = performance.now() + ms;
  const started = performance.now();
  let done = 0;
  let errors = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (performance.now() < until) {
        const status = await cheapGet(`${base}${CHEAP_PATH}`);
        if (status === 200) done++;
        else errors++;
      }
    }),
  );
  return { perS: (1000 * done) / (performance.now() - started), errors };
}

interface Memory {
  rss: number;
  heapUsed: number;
  arrayBuffers: number;
}

const gc = (globalThis as { gc?: () => void }).gc;

function memoryNow(): Memory {
  const { rss, heapUsed, arrayBuffers } = process.memoryUsage();
  return { rss, heapUsed, arrayBuffers };
}

/**
 * The idle process (after a full collection when there is `gc`), then the peak every SAMPLE_MS;
 * `live`: a full collection before each sample, so that only what is held counts, not garbage.
 */
function sampleMemory(live = false) {
  gc?.();
  const idle = memoryNow();
  const peak = { ...idle };
  const take = () => {
    if (live) gc?.();
    const now = memoryNow();
    peak.rss = Math.max(peak.rss, now.rss);
    peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed);
    peak.arrayBuffers = Math.max(peak.arrayBuffers, now.arrayBuffers);
  };
  const timer = setInterval(take, SAMPLE_MS);
  return {
    idle,
    stop() {
      clearInterval(timer);
      take();
      gc?.();
      return { peak, after: memoryNow() };
    },
  };
}

/** What the database holds of one photo. */
async function storedOf(app: App, photoId: string) {
  const photo = await app.db
    .selectFrom('photos')
    .select('size')
    .where('id', '=', photoId)
    .executeTakeFirstOrThrow();
  const chunks = await app.db
    .selectFrom('photo_chunks')
    .select([
      sql<string>`coalesce(sum(octet_length(data)), 0)`.as('bytes'),
      sql<string>`count(*)`.as('count'),
    ])
    .where('photo_id', '=', photoId)
    .executeTakeFirstOrThrow();
  return { size: Number(photo.size), chunkBytes: Number(chunks.bytes), chunks: Number(chunks.count) };
}

/** The photo tables' size with TOAST and indexes, and the photos they hold. */
async function tablesOf(app: App) {
  const { rows } = await sql<{ bytes: string; photos: string }>`
    select pg_total_relation_size('photos') + pg_total_relation_size('photo_chunks') as bytes,
           (select count(*) from photos) as photos`.execute(app.db);
  return { bytes: Number(rows[0]!.bytes), photos: Number(rows[0]!.photos) };
}

async function benchServer(
  title: string,
  app: App,
  base: string,
  photo: Buffer,
  memoryNote = '',
): Promise<void> {
  const token = await demoToken(base);
  const big = await bigDepartment(base, token);
  const rows = await departmentRows<{ residenceId: string }>(base, token, big.departmentId);
  const residences = [...new Set(rows.map((r) => r.residenceId))].slice(0, PARALLEL);
  console.log(`\n${title}`);

  // 2. One upload: what the server keeps of it.
  const one = await upload(base, token, photo, residences[0]!);
  if (one.status !== 200) throw new Error(`upload: ${one.status} ${one.body.slice(0, 300)}`);
  const { photoId } = JSON.parse(one.body) as { photoId: string };
  const stored = await storedOf(app, photoId);
  line(
    'stored per photo (one upload)',
    `photos.size ${kb(stored.size)}, chunks ${kb(stored.chunkBytes)}`,
    `${stored.chunks} chunk(s); uploaded ${kb(photo.length)}` +
      (stored.size === photo.length && stored.chunkBytes === photo.length ? ', byte for byte' : ', DIFFERS'),
  );

  // 3. PARALLEL uploads at once, ROUNDS times, the memory and the event loop sampled throughout.
  const roundMs: number[] = [];
  const latencies: number[] = [];
  const failures = new Map<string, number>();
  const round = async (timed: boolean) => {
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        upload(base, token, photo, residences[i % residences.length]!),
      ),
    );
    for (const answer of answers) {
      if (timed) latencies.push(answer.ms);
      if (answer.status !== 200) {
        const key = `${answer.status} ${answer.body.slice(0, 120)}`;
        failures.set(key, (failures.get(key) ?? 0) + 1);
      }
    }
    return performance.now() - started;
  };
  const memory = sampleMemory();
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  for (let i = 0; i < ROUNDS; i++) roundMs.push(await round(true));
  loop.disable();
  const { peak, after } = memory.stop();
  const { idle } = memory;
  const loadMs = roundMs.reduce((sum, ms) => sum + ms, 0);
  // One more round for the memory held, apart from the timed ones: a collection before every
  // sample slows it down.
  const liveMemory = gc ? sampleMemory(true) : null;
  if (liveMemory) await round(false);
  const live = liveMemory && { idle: liveMemory.idle, ...liveMemory.stop() };
  const cheap = await cheapRate(base, loadMs);
  const tables = await tablesOf(app);

  const perRound = roundMs.map((ms) => (1000 * PARALLEL) / ms);
  const uploadsPerS = median(perRound);
  const errors = [...failures.values()].reduce((sum, n) => sum + n, 0);
  line(
    `${PARALLEL} uploads at once, ${ROUNDS} rounds`,
    `${uploadsPerS.toFixed(0)} uploads/s (p50 of rounds)`,
    `rounds ${roundMs.map((ms) => fmt(ms)).join(', ')}; ` +
      `${((uploadsPerS * photo.length) / 2 ** 20).toFixed(1)} MB/s of photos`,
  );
  line(
    'upload latency',
    `p50 ${fmt(median(latencies))}  p95 ${fmt(percentile(latencies, 0.95))}`,
    `max ${fmt(Math.max(...latencies))}, ${latencies.length} uploads`,
  );
  line(
    'errors (anything but 200)',
    `${errors} of ${(ROUNDS + (live ? 1 : 0)) * PARALLEL}`,
    [...failures].map(([key, n]) => `${n}× ${key}`).join('; '),
  );
  line(
    "the server's event loop during the rounds",
    `delay p99 ${fmt(loop.percentile(99) / 1e6)}  max ${fmt(loop.max / 1e6)}`,
    'how long any other request waits for the process',
  );
  line(
    `GET ${CHEAP_PATH}, ${PARALLEL} at once`,
    `${cheap.perS.toFixed(0)} req/s`,
    `for ${fmt(loadMs)}, as long as the rounds; ${cheap.errors} errors`,
  );
  line('uploads/s ÷ cheap req/s', `${((100 * uploadsPerS) / cheap.perS).toFixed(1)} %`);
  line(
    'memory: peak above the idle process',
    `rss ${signedMb(peak.rss - idle.rss)}, heap ${signedMb(peak.heapUsed - idle.heapUsed)}`,
    `ArrayBuffers ${signedMb(peak.arrayBuffers - idle.arrayBuffers)}, garbage included; idle rss ` +
      `${mb(idle.rss)}, heap ${mb(idle.heapUsed)}${gc ? '' : ' (no --expose-gc: idle not collected)'}`,
  );
  if (live) {
    const heap = live.peak.heapUsed - live.idle.heapUsed;
    const buffers = live.peak.arrayBuffers - live.idle.arrayBuffers;
    line(
      'memory: peak held (collected before each sample)',
      `heap ${signedMb(heap)}, ArrayBuffers ${signedMb(buffers)}`,
      `one more round of ${PARALLEL}, untimed: ${kb((heap + buffers) / PARALLEL)} per upload` +
        (memoryNote ? `; ${memoryNote}` : ''),
    );
  }
  line(
    'memory: after the rounds (collected)',
    `rss ${signedMb(after.rss - idle.rss)}, heap ${signedMb(after.heapUsed - idle.heapUsed)}`,
    `ArrayBuffers ${signedMb(after.arrayBuffers - idle.arrayBuffers)}; ${ROUNDS * PARALLEL} photos stored, ` +
      `${mb(ROUNDS * PARALLEL * photo.length)} of them`,
  );
  line(
    'photo tables per photo',
    kb(tables.bytes / tables.photos),
    `${mb(tables.bytes)} for ${tables.photos} photos, TOAST and indexes included`,
  );
}

// ---------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------

console.log(`Photos as evidence (issue 34); ${TARGET}`);

const madeAt = performance.now();
const camera = cameraJpeg({
  width: 4000,
  height: 3000,
  orientation: 1,
  takenAt: '2026:11:28 14:03:22',
  offset: '+01:00',
  gps: true,
  make: 'Camerafabrik',
  model: 'Fotofon X-34',
  noise: NOISE,
});
const madeMs = performance.now() - madeAt;

const browser = await launchChromium();
const chromiumVersion = browser.version();
let shrunk: Awaited<ReturnType<typeof benchShrink>>;
try {
  shrunk = await benchShrink(browser, camera);
} finally {
  await browser.close();
}
const { first, fast, slow, output } = shrunk;
const sizes = fast.map((r) => r.bytes);
console.log(`\nThe shrink on the device, headless Chromium ${chromiumVersion}`);
line(
  'camera photo (input)',
  `4000 × 3000, ${mb(camera.length)}`,
  `EXIF with GPS, noise ±${NOISE}; made with jpeg-js in ${fmt(madeMs)}`,
);
line('first run', fmt(first.ms), 'the decoder and encoder warm up');
line(`${RUNS} runs`, spread(fast.map((r) => r.ms)));
line(
  `${RUNS} runs, CPU throttled ${THROTTLE}×`,
  spread(slow.map((r) => r.ms)),
  'Emulation.setCPUThrottlingRate: slows the main thread; decoding and encoding off it less',
);
line(
  'output (what the device stores and uploads)',
  `${fast[0]!.width} × ${fast[0]!.height}, ${kb(median(sizes))} (median)`,
  `${TARGET_BYTES >= median(sizes) ? 'under' : 'OVER'} ${kb(TARGET_BYTES)}; ` +
    `${((100 * median(sizes)) / camera.length).toFixed(1)} % of the input; ${TARGET}`,
);

{
  const { app, base } = await startApp({ DATABASE_URL: 'memory://' });
  try {
    await benchServer(
      'Server on PGlite (in memory, in this process)',
      app,
      base,
      output,
      "the database's own memory is an ArrayBuffer too, and grows by what it stores",
    );
  } finally {
    await app.close();
  }
}

const admin = postgresServer();
if (!admin) {
  console.log(
    '\nServer on PostgreSQL: skipped, no PostgreSQL (set BENCH_DATABASE_URL, or install PostgreSQL ' +
      'for scripts/start-test-postgres.sh).',
  );
} else {
  const database = await freshPostgresDatabase(admin, 'bench_photos');
  try {
    const { app, base } = await startApp({
      DATABASE_URL: database.url,
      DEMO_SSO: 'true',
      JWT_SECRET: randomBytes(32).toString('base64url'),
    });
    try {
      const name = new URL(database.url).pathname.slice(1);
      await benchServer(`Server on PostgreSQL (${name}, pool of the default size)`, app, base, output);
    } finally {
      await app.close();
    }
  } finally {
    await database.drop();
  }
}
agent.destroy();
