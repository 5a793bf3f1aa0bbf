/**
 * npm run bench:national: the API at the size of Denmark's social housing (500 organizations,
 * 7,000 departments, 600,000 residences, 150,000 assessments; server/src/db/seed/national.ts)
 * on PostgreSQL. Loads the national seed into a database of its own (prints the load time;
 * a database that already holds it is reused), starts the compiled server on it (`npm run
 * build` first; SEED=national), and measures with autocannon (16 connections, a fixed
 * duration) p50, p99 and req/s of: search (a common 3-letter word, a street and number, a zip
 * code), searchbycoordinates (several points), a department's list (the median and the
 * largest department), a residence's assessments (getproperty) and getactiveassessments of
 * the largest organization, each beside the same server's small static file (the floor).
 * The department list and getproperty are measured on the demo seed as well, in the same
 * run, to show whether size changes them.
 *
 * Targets (docs/performance.md, "National scale"): search and searchbycoordinates p99 < 100 ms,
 * getactiveassessments p99 < 300 ms, the department list and getproperty as on the demo seed.
 *
 * Environment: BENCH_DATABASE_URL (a server URL whose database is used, created if missing;
 * default the test server of scripts/start-test-postgres.sh), BENCH_DATABASE (the database's
 * name, default bench_national; the demo seed goes into <name>_demo),
 * BENCH_SECONDS (per measurement, default 8), BENCH_PORT (default 8195; the demo server
 * takes the next port), BENCH_RELOAD=1 to drop and load the database again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { ensureDatabase, loadNational } from './national-database';
import { benchPostgresAdmin } from './fresh-postgres';
import { BENCH_RATE_LIMITS, COMPILED_SERVER } from './server-child';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 16;
const PORT = Number(process.env.BENCH_PORT ?? 8195);
const STATIC_DIR = '/tmp/bt-bench-national-static';
const SMALL_FILE = '/small.txt';
const DATABASE = process.env.BENCH_DATABASE ?? 'bench_national';

async function startServer(databaseUrl: string, port: number, seed: string): Promise<ChildProcess> {
  // The compiled server, as `npm start` runs it; node itself rather than npm, so that kill()
  // ends the server.
  if (!existsSync(COMPILED_SERVER))
    throw new Error(`${COMPILED_SERVER} is missing: run \`npm run build\` first`);
  const child = spawn(process.execPath, ['--enable-source-maps', COMPILED_SERVER], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      SEED: seed,
      PORT: String(port),
      HOST: '127.0.0.1',
      STATIC_DIR,
      DEMO_SSO: 'true',
      JWT_SECRET: randomBytes(24).toString('base64url'),
      LOG_LEVEL: 'warn',
      JOB_WORKER: 'false',
      // One user asks thousands of times a minute here.
      ...BENCH_RATE_LIMITS,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 10 * 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server stopped (exit ${child.exitCode}).`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}${SMALL_FILE}`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill();
  throw new Error('The server did not start within 10 minutes.');
}

interface Api {
  base: string;
  headers: Record<string, string>;
  get<T>(path: string): Promise<T>;
}

async function signIn(base: string, userName: string): Promise<Api> {
  const response = await fetch(`${base}/auth/demo-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName }),
  });
  const { token } = (await response.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  return {
    base,
    headers,
    async get<T>(path: string): Promise<T> {
      const r = await fetch(`${base}${path}`, { headers });
      if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
      return (await r.json()) as T;
    },
  };
}

interface Figures {
  p50: number;
  p99: number;
  rps: number;
  bytes: number;
  failed: number;
}

async function measure(api: Api, path: string): Promise<Figures> {
  const result = await autocannon({
    url: `${api.base}${path}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { ...api.headers, 'accept-encoding': 'gzip, br' },
  });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    bytes: result.requests.total > 0 ? result.throughput.total / result.requests.total : 0,
    failed: result.errors + result.timeouts + result.non2xx,
  };
}

const rows: string[][] = [];
function report(name: string, f: Figures, floor: Figures | null, target: string): void {
  const share = floor ? `${((100 * f.rps) / floor.rps).toFixed(1)} %` : '';
  const kb = `${(f.bytes / 1024).toFixed(1)} KB`;
  const line = [name, `${f.p50}`, `${f.p99}`, f.rps.toFixed(0), share, kb, `${f.failed}`, target];
  rows.push(line);
  console.log(line.join(' | '));
}

interface Department {
  departmentId: string;
  propertiesCount: number;
}
interface Row {
  residenceId: string;
  assessmentId: string | null;
  streetName: string;
  streetNumber: string;
  zipCode: string;
}

/** The departments whose lists are measured and a residence with assessments in the median one. */
async function pickDepartments(api: Api, organizationId: string) {
  const departments = await api.get<Department[]>(
    `/api/v2/properties/availabledepartments?organizationId=${organizationId}`,
  );
  const bySize = [...departments].sort((a, b) => a.propertiesCount - b.propertiesCount);
  const median = bySize[Math.floor(bySize.length / 2)]!;
  const largest = bySize.at(-1)!;
  const medianRows = await api.get<Row[]>(
    `/api/v2/properties/propertiesbydepartment?locationId=${median.departmentId}`,
  );
  const assessed = medianRows.find((r) => r.assessmentId !== null) ?? medianRows[0]!;
  return { median, largest, assessed, medianRows };
}

async function main(): Promise<void> {
  mkdirSync(STATIC_DIR, { recursive: true });
  writeFileSync(`${STATIC_DIR}/index.html`, '<!doctype html><title>bench</title>');
  writeFileSync(`${STATIC_DIR}${SMALL_FILE}`, 'a small static file: the floor of the server\n');

  const base = benchPostgresAdmin();
  const nationalUrl = await ensureDatabase(base, DATABASE, process.env.BENCH_RELOAD === '1');
  await loadNational(nationalUrl);
  const demoUrl = await ensureDatabase(base, `${DATABASE}_demo`, false);

  const children: ChildProcess[] = [];
  try {
    const national = await startServer(nationalUrl, PORT, 'national');
    children.push(national);
    const api = await signIn(`http://127.0.0.1:${PORT}`, 'skriver');
    const [organization] = await api.get<{ id: string }[]>('/api/v2/organizations/getorganizations');
    const orgId = organization!.id;
    const { median, largest, assessed, medianRows } = await pickDepartments(api, orgId);
    const bigRows = await api.get<Row[]>(
      `/api/v2/properties/propertiesbydepartment?locationId=${largest.departmentId}`,
    );
    const streetAndNumber = `${assessed.streetName} ${assessed.streetNumber}`.toLowerCase();
    const zipCode = bigRows[0]!.zipCode;
    const active = await api.get<unknown[]>(
      `/api/v2/assessment/getactiveassessments?organizationId=${orgId}`,
    );
    console.log(
      `Largest organization: ${largest.propertiesCount} residences in its largest department, ` +
        `${median.propertiesCount} (${medianRows.length} rows) in the median; ${active.length} active assessments.`,
    );
    const search = (query: string) =>
      `/api/v2/properties/search?query=${encodeURIComponent(query)}&organizationId=${orgId}`;
    const coordinates = (lat: number, lon: number) =>
      `/api/v2/properties/searchbycoordinates?latitude=${lat}&longitude=${lon}&organizationId=${orgId}`;
    const point = await pointOf(nationalUrl, assessed.residenceId);

    console.log(`\nNational seed on PostgreSQL, ${CONNECTIONS} connections, ${SECONDS} s each`);
    console.log('call | p50 ms | p99 ms | req/s | of floor | per request | failed | target');
    const floor = await measure(api, SMALL_FILE);
    report('small static file (floor)', floor, null, '');
    report('search "vej"', await measure(api, search('vej')), floor, 'p99 < 100 ms');
    report(`search "${streetAndNumber}"`, await measure(api, search(streetAndNumber)), floor, 'p99 < 100 ms');
    report(`search "${zipCode}"`, await measure(api, search(zipCode)), floor, 'p99 < 100 ms');
    report(
      'searchbycoordinates at a residence',
      await measure(api, coordinates(point.lat + 0.0003, point.lon - 0.0002)),
      floor,
      'p99 < 100 ms',
    );
    report(
      'searchbycoordinates Aarhus C',
      await measure(api, coordinates(56.1567, 10.2108)),
      floor,
      'p99 < 100 ms',
    );
    report(
      'searchbycoordinates Rønne',
      await measure(api, coordinates(55.1009, 14.7066)),
      floor,
      'p99 < 100 ms',
    );
    const departmentList = (d: Department) =>
      `/api/v2/properties/propertiesbydepartment?locationId=${d.departmentId}`;
    report(
      `department list, median (${median.propertiesCount})`,
      await measure(api, departmentList(median)),
      floor,
      'as demo seed',
    );
    report(
      `department list, largest (${largest.propertiesCount})`,
      await measure(api, departmentList(largest)),
      floor,
      'as demo seed',
    );
    const getProperty = `/api/v2/properties/getproperty?propertyId=${assessed.residenceId}`;
    report('getproperty', await measure(api, getProperty), floor, 'as demo seed');
    report(
      `getactiveassessments (${active.length})`,
      await measure(api, `/api/v2/assessment/getactiveassessments?organizationId=${orgId}`),
      floor,
      'p99 < 300 ms',
    );
    national.kill('SIGTERM');

    const demo = await startServer(demoUrl, PORT + 1, 'demo');
    children.push(demo);
    const demoApi = await signIn(`http://127.0.0.1:${PORT + 1}`, 'skriver');
    const [demoOrganization] = await demoApi.get<{ id: string }[]>('/api/v2/organizations/getorganizations');
    const demoPick = await pickDepartments(demoApi, demoOrganization!.id);
    console.log(`\nDemo seed on PostgreSQL, the same calls for comparison`);
    const demoFloor = await measure(demoApi, SMALL_FILE);
    report('small static file (floor)', demoFloor, null, '');
    report(
      `department list, median (${demoPick.median.propertiesCount})`,
      await measure(demoApi, departmentList(demoPick.median)),
      demoFloor,
      '',
    );
    report(
      `department list, largest (${demoPick.largest.propertiesCount})`,
      await measure(demoApi, departmentList(demoPick.largest)),
      demoFloor,
      '',
    );
    report(
      'getproperty',
      await measure(demoApi, `/api/v2/properties/getproperty?propertyId=${demoPick.assessed.residenceId}`),
      demoFloor,
      '',
    );
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  }
}

async function pointOf(url: string, residenceId: string): Promise<{ lat: number; lon: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: found } = await client.query<{ latitude: number; longitude: number }>(
      'select latitude, longitude from residences where id = $1',
      [residenceId],
    );
    return { lat: found[0]!.latitude, lon: found[0]!.longitude };
  } finally {
    await client.end();
  }
}

await main();
