/**
 * npm run bench:overview: GET /api/v2/ext/overview (docs/api.md "Extensions"), the figures of
 * every department of an organization, first on the demo seed in an in-memory PGlite, then on
 * the national seed (server/src/db/seed/national.ts) on PostgreSQL. For each database the real
 * app (buildApp, no job worker) listens on 127.0.0.1 in this process and the bench, signed in
 * as `skriver`, measures the largest organization that user sees, one request at a time over a
 * kept-alive connection with `Accept-Encoding: br`, each timed to the last byte of its body:
 *   - the first request of a fresh server, which finds the levels of the approvals kept in the
 *     database (migration 0018: the seed, each approval and the background after a start keep
 *     them) and builds every department;
 *   - the build in a new process (server side, without HTTP);
 *   - the build with no levels kept (once, after the upgrade to 0018, before the background
 *     has scored: every approval is scored), and the background's scoring of them;
 *   - 20 warm requests (one query for the versions, the kept compressed answer): p50, p95;
 *   - 20 requests with If-None-Match of the current ETag (304): p50, p95;
 *   - 20 requests, each after one assessment of the largest department with a candidate has
 *     changed status, as tests/server/overview.test.ts changes it (a calculated draft, alone on
 *     its residence, set to approved, then back to draft, and so on; draft again at the end):
 *     that department is built again and the whole answer compressed again: p50, p95;
 *   - the size of the answer on the wire (brotli) beside its JSON;
 *   - the CSV export of the organization's biggest department (20 requests: p50, p95) and of all
 *     its departments, with the peak of the memory the process holds live while each is made
 *     (benchExport).
 * The target (issue 33): a 500-department organization under 300 ms. The largest
 * national organization has 328 departments, so the bench also prints the first request's time per
 * department and what 500 would take at that rate.
 *
 * PostgreSQL as bench:national finds it: BENCH_DATABASE_URL (a server URL whose database is
 * used, created if missing), else the test server of scripts/start-test-postgres.sh; without
 * either the national part is skipped, and said so. BENCH_DATABASE names the database (default
 * bench_national: the national seed bench:national loads serves both, and a database that
 * already holds it is reused; a first load takes minutes); BENCH_RELOAD=1 drops and loads it
 * again. Figures only: the bench asserts no timing.
 */
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { buildApp, type App } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { departmentVersions, organizationOverview } from '../server/src/domain/overview';
import { keepMissingLevels } from '../server/src/domain/overview-levels';
import type { OrganizationOverview } from '../shared/contract/overview';
import { apiGet, demoToken, median, percentile } from './bench-browser-app';
import { ensureDatabase, loadNational } from './national-database';
import { BENCH_RATE_LIMITS } from './server-child';

const RUNS = 20;
const DATABASE = process.env.BENCH_DATABASE ?? 'bench_national';
const ACCEPT_ENCODING = 'br';
const TARGET = 'target: a 500-department organization < 300 ms';

// ---------------------------------------------------------------------------------------------
// PostgreSQL and the national seed, as bench:national gets them
// ---------------------------------------------------------------------------------------------

/** BENCH_DATABASE_URL, else the throw-away test server; null when neither is there. */
function serverUrl(): string | null {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  try {
    const line = execSync('bash scripts/start-test-postgres.sh', { encoding: 'utf8', stdio: 'pipe' })
      .trim()
      .split('\n')
      .at(-1)!;
    return line.startsWith('TEST_DATABASE_URL=') ? line.replace(/^TEST_DATABASE_URL=/, '') : null;
  } catch {
    return null; // PostgreSQL is not installed
  }
}

// ---------------------------------------------------------------------------------------------
// The server and the requests
// ---------------------------------------------------------------------------------------------

/** The app on a free port of 127.0.0.1, in this process (the bench changes its database). */
async function startApp(env: NodeJS.ProcessEnv): Promise<{ app: App; base: string }> {
  const app = await buildApp(
    loadConfig({ STATIC_DIR: '', LOG_LEVEL: 'warn', JOB_WORKER: 'false', ...BENCH_RATE_LIMITS, ...env }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, base: `http://127.0.0.1:${port}` };
}

interface Timed {
  ms: number;
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as it came over the wire (compressed). */
  body: Buffer;
}

/** One kept-alive connection, as a browser tab would use: the requests go one at a time. */
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** A GET timed from its start to the last byte of its body. */
function timedGet(url: string, headers: Record<string, string>): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, { agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () =>
        resolve({
          ms: performance.now() - started,
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

interface OrganizationPick {
  id: string;
  departments: number;
  residences: number;
}

/** The largest (by residences, then departments) of the organizations the user sees. */
async function largestOrganization(base: string, token: string): Promise<OrganizationPick> {
  const organizations = await apiGet<{ id: string }[]>(base, token, '/api/v2/organizations/getorganizations');
  const picks: OrganizationPick[] = [];
  for (const { id } of organizations) {
    const departments = await apiGet<{ propertiesCount: number }[]>(
      base,
      token,
      `/api/v2/properties/availabledepartments?organizationId=${id}`,
    );
    const residences = departments.reduce((sum, d) => sum + d.propertiesCount, 0);
    picks.push({ id, departments: departments.length, residences });
  }
  return picks.sort((a, b) => b.residences - a.residences || b.departments - a.departments)[0]!;
}

/**
 * A calculated draft alone on its residence (as the test picks it) in the largest department
 * that has one: approving it changes that department's figures and nothing else.
 */
async function draftToToggle(app: App, organizationId: string, sizes: Map<string, number>) {
  const drafts = await app.db
    .selectFrom('assessments as a')
    .innerJoin('residences as r', 'r.id', 'a.residence_id')
    .select(['a.id', 'r.department_id'])
    .where('a.organization_id', '=', organizationId)
    .where('a.status', '=', 'draft')
    .where('a.is_calculated', '=', true)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('assessments as b')
            .select('b.id')
            .whereRef('b.residence_id', '=', 'a.residence_id')
            .whereRef('b.id', '!=', 'a.id')
            .where('b.status', '!=', 'cancelled'),
        ),
      ),
    )
    .execute();
  if (drafts.length === 0) throw new Error('no calculated draft to approve in the organization');
  const size = (departmentId: string) => sizes.get(departmentId) ?? 0;
  return drafts.sort((a, b) => size(b.department_id) - size(a.department_id))[0]!;
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const spread = (times: readonly number[]) =>
  `p50 ${fmt(median(times)).padStart(9)}  p95 ${fmt(percentile(times, 0.95)).padStart(9)}`;

function line(label: string, figures: string, note = ''): void {
  console.log(`  ${label.padEnd(52)} ${figures.padEnd(30)} ${note}`.trimEnd());
}

async function benchOverview(title: string, app: App, base: string): Promise<void> {
  const token = await demoToken(base);
  const organization = await largestOrganization(base, token);
  const url = `${base}/api/v2/ext/overview?organizationId=${organization.id}`;
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': ACCEPT_ENCODING };
  const get = async (extra: Record<string, string> = {}, want = 200) => {
    const response = await timedGet(url, { ...headers, ...extra });
    if (response.status !== want)
      throw new Error(`overview: ${response.status}, not ${want}: ${response.body.toString().slice(0, 200)}`);
    return response;
  };

  // The first request of a fresh server: nothing in its memory, the levels kept in the
  // database (the seed, each approval and the background after a start keep them).
  await keepMissingLevels(app.db, () => false);
  const cold = await get();
  const encoding = cold.headers['content-encoding'] ?? 'identity';
  const json = encoding === 'br' ? brotliDecompressSync(cold.body) : cold.body;
  const overview = JSON.parse(json.toString('utf8')) as OrganizationOverview;
  const departments = overview.departments.length;
  const residences = overview.departments.reduce((sum, d) => sum + d.residences, 0);
  const sizes = new Map(overview.departments.map((d) => [d.departmentId, d.residences]));

  const warm: number[] = [];
  for (let i = 0; i < RUNS; i++) warm.push((await get()).ms);

  const etag = String((await get()).headers.etag);
  const notModified: number[] = [];
  for (let i = 0; i < RUNS; i++) notModified.push((await get({ 'if-none-match': etag }, 304)).ms);

  // A new process after that: the same connection under a new Kysely instance is such a
  // process to the overview's caches; timed on the server side (the build, without HTTP and
  // compression).
  const build = async () => {
    const restarted = app.db.withoutPlugins();
    const started = performance.now();
    await organizationOverview(
      restarted,
      organization.id,
      await departmentVersions(restarted, organization.id),
    );
    return performance.now() - started;
  };
  const restartMs = await build();
  // Nothing kept anywhere, as after the upgrade to migration 0018 before the background has
  // scored: every approval is scored by the build. Then the background's scoring of them.
  const forgetLevels = () =>
    app.db
      .deleteFrom('assessment_levels')
      .where('assessment_id', 'in', (eb) =>
        eb.selectFrom('assessments').select('id').where('organization_id', '=', organization.id),
      )
      .execute();
  await forgetLevels();
  const nothingKeptMs = await build();
  await forgetLevels();
  const backgroundStarted = performance.now();
  const scoredInBackground = await keepMissingLevels(app.db.withoutPlugins(), () => false);
  const backgroundMs = performance.now() - backgroundStarted;

  const draft = await draftToToggle(app, organization.id, sizes);
  const changed: number[] = [];
  let lastTag = etag;
  try {
    for (let i = 0; i < RUNS; i++) {
      await app.db
        .updateTable('assessments')
        .set({ status: i % 2 === 0 ? 'approved' : 'draft' })
        .where('id', '=', draft.id)
        .execute();
      const response = await get();
      const tag = String(response.headers.etag);
      if (tag === lastTag) throw new Error('the overview did not change with the assessment');
      lastTag = tag;
      changed.push(response.ms);
    }
  } finally {
    await app.db.updateTable('assessments').set({ status: 'draft' }).where('id', '=', draft.id).execute();
  }

  console.log(`\n${title}`);
  console.log(
    `  organization ${organization.id}: ${departments} departments, ${residences.toLocaleString('en')} residences` +
      ' (the largest organization the user sees)',
  );
  console.log(`  sequential requests, one kept-alive connection, Accept-Encoding: ${ACCEPT_ENCODING}`);
  // At 500 departments of this organization's mean size: meaningful for an organization of
  // many departments (the national one), not for the demo's few of very different sizes.
  const at500 =
    departments >= 100 ? `, 500 departments at that rate ${fmt((500 * cold.ms) / departments)}` : '';
  line(
    'first request of a fresh server',
    fmt(cold.ms),
    `${TARGET}; ${fmt(cold.ms / departments)} per department, ` +
      `${fmt((1000 * cold.ms) / residences)} per 1,000 residences${at500}`,
  );
  line(
    'a new process, the levels kept in the database',
    fmt(restartMs),
    `${TARGET}; the build alone, ${fmt(restartMs / departments)} per department`,
  );
  line(
    'nothing kept (after the upgrade to 0018)',
    fmt(nothingKeptMs),
    `the build alone, every approval scored; once: the background keeps them after a start`,
  );
  line(
    "the background's scoring after a start",
    fmt(backgroundMs),
    `${scoredInBackground.toLocaleString('en')} approvals without kept levels`,
  );
  line(`warm, ${RUNS} requests`, spread(warm), TARGET);
  line(
    `one department changed before each, ${RUNS} requests`,
    spread(changed),
    `${TARGET}; the department changed has ${sizes.get(draft.department_id)} residences`,
  );
  line(`If-None-Match, ${RUNS} requests (304)`, spread(notModified));
  line(
    'answer on the wire',
    `${kb(cold.body.length)} ${encoding}`,
    `${kb(json.length)} of JSON, ${(json.length / cold.body.length).toFixed(1)}x`,
  );
}

/**
 * The peak of the memory the process holds live while `work` runs, above what it held before:
 * every 25 ms a full collection (--expose-gc, which npm run bench:overview passes), then the heap
 * in use, so garbage not yet collected does not count. The server runs in this process.
 */
async function peakMemory<T>(work: () => Promise<T>): Promise<{ result: T; heapMb: number }> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with --expose-gc (npm run bench:overview does)');
  gc();
  const before = process.memoryUsage().heapUsed;
  let peak = before;
  const timer = setInterval(() => {
    gc();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 25);
  try {
    const result = await work();
    return { result, heapMb: (peak - before) / 2 ** 20 };
  } finally {
    clearInterval(timer);
  }
}

/**
 * The CSV export (docs/api.md "Extensions") of the organization's biggest department, 20 times
 * (p50, p95, to the last byte, gzip as a browser's download gets it), and once of every
 * department of the organization; each with the peak memory above the process's before it.
 */
async function benchExport(base: string): Promise<void> {
  const token = await demoToken(base);
  const organization = await largestOrganization(base, token);
  const departments = await apiGet<{ departmentId: string; propertiesCount: number }[]>(
    base,
    token,
    `/api/v2/properties/availabledepartments?organizationId=${organization.id}`,
  );
  const biggest = [...departments].sort((a, b) => b.propertiesCount - a.propertiesCount)[0]!;
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' };
  const exportOf = async (query: string) => {
    const response = await timedGet(
      `${base}/api/v2/ext/export/residences?organizationId=${organization.id}${query}`,
      headers,
    );
    if (response.status !== 200)
      throw new Error(`export: ${response.status} ${response.body.toString().slice(0, 200)}`);
    return response;
  };
  const department = `&departmentId=${biggest.departmentId}`;
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push((await exportOf(department)).ms);
  const whole = await exportOf('');
  // Apart from the timed runs: the collections the measure makes slow the export down.
  const departmentMemory = await peakMemory(() => exportOf(department));
  const wholeMemory = await peakMemory(() => exportOf(''));
  const lines = (body: Buffer) => gunzipSync(body).toString('utf8').split('\r\n').length - 2;
  line(
    `CSV export, biggest department, ${RUNS} requests`,
    spread(times),
    `${biggest.propertiesCount.toLocaleString('en')} residences, ${lines(departmentMemory.result.body)} lines, ` +
      `${kb(departmentMemory.result.body.length)} gzip; live memory while exporting +${departmentMemory.heapMb.toFixed(1)} MB`,
  );
  line(
    'CSV export, every department of the organization',
    fmt(whole.ms),
    `${lines(whole.body).toLocaleString('en')} lines, ${kb(whole.body.length)} gzip; ` +
      `live memory while exporting +${wholeMemory.heapMb.toFixed(1)} MB`,
  );
}

// ---------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------

console.log(`GET /api/v2/ext/overview; ${TARGET} (issue 33)`);

{
  const started = Date.now();
  const { app, base } = await startApp({ DATABASE_URL: 'memory://' });
  try {
    console.log(`Demo seed in PGlite ready in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
    await benchOverview('Demo seed on PGlite (in memory)', app, base);
    await benchExport(base);
  } finally {
    await app.close();
  }
}

const postgres = serverUrl();
if (!postgres) {
  console.log(
    '\nNational seed on PostgreSQL: skipped, no PostgreSQL (set BENCH_DATABASE_URL, or install ' +
      'PostgreSQL for scripts/start-test-postgres.sh).',
  );
} else {
  const nationalUrl = await ensureDatabase(postgres, DATABASE, process.env.BENCH_RELOAD === '1');
  await loadNational(nationalUrl);
  const { app, base } = await startApp({
    DATABASE_URL: nationalUrl,
    SEED: 'national',
    DEMO_SSO: 'true',
    JWT_SECRET: randomBytes(32).toString('base64url'),
  });
  try {
    await benchOverview(`National seed on PostgreSQL (${new URL(nationalUrl).pathname.slice(1)})`, app, base);
    await benchExport(base);
  } finally {
    await app.close();
  }
}
agent.destroy();
