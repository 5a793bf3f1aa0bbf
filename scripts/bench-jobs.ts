/**
 * npm run bench:jobs: a real copy job to 1,000 residences, on an in-memory PGlite and on a
 * PostgreSQL server (BENCH_DATABASE_URL, or a throw-away one started with
 * scripts/start-test-postgres.sh on port 54339; skipped, and said so, when neither is there).
 * For each database the real app (buildApp, worker and hub, demo data) runs in a child
 * process; this process signs in as `skriver`, connects the real @microsoft/signalr client over
 * WebSockets, POSTs copyassessments and prints: residences per second (POST to the last
 * progress message), progress messages received per second, and the delay from an item's
 * commit to its message at the client (median, p95). The commit time is taken in the server
 * process where the worker publishes the item's event, right after its commit (the bench wraps
 * app.jobEvents.publish; the server code is unchanged); the two processes' clocks are compared
 * over IPC first. The job state is read back with GET /api/v2/jobs/{jobId} at the end.
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { BENCH_RATE_LIMITS } from './server-child';
import type { JobProgressEvent } from '../server/src/jobs/job-events';
import type { CopyProgressMessage, JobState } from '../shared/contract/dto';

const N = 1000;
/** Every database gets at most this long, start-up included. */
const RUN_TIMEOUT_MS = 5 * 60_000;
const PG_PORT = '54339';
const PG_DIR = '/tmp/bt-bench-jobs-pg';

/** Wall-clock milliseconds with sub-millisecond resolution, comparable between processes. */
const now = () => performance.timeOrigin + performance.now();

type ToServer = { type: 'clock'; id: number } | { type: 'times' } | { type: 'close' };
type FromServer =
  | { type: 'ready'; port: number }
  | { type: 'clock'; id: number; t: number }
  | { type: 'times'; published: [string, number][]; delivered: [string, number][] }
  | { type: 'closed' };

/** Run when the bench gives up (the throw-away PostgreSQL server). */
const cleanups: (() => void)[] = [];

const keyOf = (jobId: string, currentCount: number) => `${jobId}/${currentCount}`;

// ---------------------------------------------------------------------------------------------
// The server process: `tsx scripts/bench-jobs.ts --serve <DATABASE_URL>`.
// ---------------------------------------------------------------------------------------------
async function serve(databaseUrl: string): Promise<void> {
  const send = (message: FromServer) => process.send!(message);
  const app = await buildApp(
    loadConfig({
      DATABASE_URL: databaseUrl,
      STATIC_DIR: '',
      DEMO_SSO: 'true',
      JWT_SECRET: randomBytes(32).toString('base64url'),
      ...BENCH_RATE_LIMITS,
    }),
  );
  // Publish is called right after an item's transaction commits: that instant is the commit
  // time. The subscription sees the event when the hub does (after NOTIFY on PostgreSQL).
  const published = new Map<string, number>();
  const delivered = new Map<string, number>();
  const publish = app.jobEvents.publish.bind(app.jobEvents);
  app.jobEvents.publish = (event: JobProgressEvent) => {
    published.set(keyOf(event.jobId, event.payload.currentCount), now());
    return publish(event);
  };
  app.jobEvents.subscribe((event) => delivered.set(keyOf(event.jobId, event.payload.currentCount), now()));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.on('message', (raw) => {
    const message = raw as ToServer;
    if (message.type === 'clock') send({ type: 'clock', id: message.id, t: now() });
    if (message.type === 'times')
      send({ type: 'times', published: [...published], delivered: [...delivered] });
    if (message.type === 'close') {
      void app.close().then(() => {
        send({ type: 'closed' });
        process.exit(0);
      });
    }
  });
  // The bench gave up or died: do not outlive it.
  process.on('disconnect', () => {
    setTimeout(() => process.exit(1), 5_000).unref();
    void app.close().finally(() => process.exit(1));
  });
  send({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
}

// ---------------------------------------------------------------------------------------------
// The bench process.
// ---------------------------------------------------------------------------------------------
class Server {
  private waiters: ((message: FromServer) => boolean)[] = [];
  private constructor(readonly child: ChildProcess) {
    child.on('message', (message) => {
      this.waiters = this.waiters.filter((waiter) => !waiter(message as FromServer));
    });
  }

  static start(databaseUrl: string): Server {
    return new Server(
      fork(fileURLToPath(import.meta.url), ['--serve', databaseUrl], {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      }),
    );
  }

  next<T extends FromServer['type']>(
    type: T,
    match: (m: Extract<FromServer, { type: T }>) => boolean = () => true,
  ): Promise<Extract<FromServer, { type: T }>> {
    return new Promise((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`The server process exited (${code})`));
      this.child.once('exit', onExit);
      this.waiters.push((message) => {
        if (message.type !== type || !match(message as Extract<FromServer, { type: T }>)) return false;
        this.child.off('exit', onExit);
        resolve(message as Extract<FromServer, { type: T }>);
        return true;
      });
    });
  }

  send(message: ToServer) {
    this.child.send(message);
  }

  /** Server clock minus this process's clock, from the IPC round trip with the least delay. */
  async clockOffset(): Promise<{ offset: number; rtt: number }> {
    let best = { offset: 0, rtt: Infinity };
    for (let id = 0; id < 30; id++) {
      const t0 = now();
      const reply = this.next('clock', (m) => m.id === id);
      this.send({ type: 'clock', id });
      const { t } = await reply;
      const t1 = now();
      if (t1 - t0 < best.rtt) best = { offset: t - (t0 + t1) / 2, rtt: t1 - t0 };
    }
    return best;
  }

  async close(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    try {
      this.send({ type: 'close' });
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    } finally {
      if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
    }
  }
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Timed out after ${ms / 1000} s: ${what}`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

interface Result {
  database: string;
  startMs: number;
  wallMs: number;
  received: number;
  firstPickupMs: number;
  workerMs: number;
  /** Items per second over the first and the last 100 commits: does the rate hold up? */
  edgeRates: [number, number];
  delays: number[];
  notifyDelays: number[];
  clock: { offset: number; rtt: number };
  picked: string;
  state: JobState;
}

async function benchOne(database: string, databaseUrl: string, deadline: number): Promise<Result> {
  const t0 = now();
  const server = Server.start(databaseUrl);
  const left = () => Math.max(1, deadline - Date.now());
  try {
    const { port } = await withTimeout(server.next('ready'), left(), 'the server to start');
    const startMs = now() - t0;
    const base = `http://127.0.0.1:${port}`;
    const clock = await server.clockOffset();

    const { token } = (await (
      await fetch(`${base}/auth/demo-token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userName: 'skriver' }),
      })
    ).json()) as { token: string };
    const api = async <T>(path: string, body?: object): Promise<T> => {
      const response = await fetch(`${base}${path}`, {
        method: body ? 'POST' : 'GET',
        headers: {
          Authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    };

    const [organization] = await api<{ id: string }[]>('/api/v2/organizations/getorganizations');
    const departments = await api<
      { departmentId: string; departmentName: string; propertiesCount: number }[]
    >(`/api/v2/properties/availabledepartments?organizationId=${organization!.id}`);
    departments.sort((a, b) => b.propertiesCount - a.propertiesCount);
    // Residences without an assessment first (the big department has over 2,000), then any.
    const free = new Set<string>();
    const any = new Set<string>();
    const sources: { approved?: string; calculated?: string } = {};
    for (const department of departments) {
      const rows = await api<
        {
          residenceId: string;
          assessmentId: string | null;
          assessmentStatus: string;
          isCalculated: boolean;
        }[]
      >(`/api/v2/properties/propertiesbydepartment?locationId=${department.departmentId}`);
      for (const row of rows) {
        any.add(row.residenceId);
        if (row.assessmentId === null) free.add(row.residenceId);
        else if (row.assessmentStatus === 'approved') sources.approved ??= row.assessmentId;
        else if (row.isCalculated) sources.calculated ??= row.assessmentId;
      }
      if (free.size >= N && sources.approved !== undefined) break;
    }
    const propertyIds = [...new Set([...free, ...any])].slice(0, N);
    if (propertyIds.length < N) throw new Error(`Only ${propertyIds.length} residences in the organization`);
    const sourceId = sources.approved ?? sources.calculated;
    if (sourceId === undefined) throw new Error('No approved or calculated assessment to copy from');
    const picked = `${Math.min(free.size, N)} of them without an assessment, source ${sources.approved ? 'approved' : 'calculated'}`;

    const received = new Map<number, number>();
    let jobId: string | null = null;
    const early: { jobId: string; payload: CopyProgressMessage; at: number }[] = [];
    let finish!: () => void;
    const done = new Promise<void>((resolve) => (finish = resolve));
    const onProgress = (id: string, payload: CopyProgressMessage, at: number) => {
      if (id !== jobId) return;
      if (!received.has(payload.currentCount)) received.set(payload.currentCount, at);
      if (payload.currentCount === payload.maxCount) finish();
    };
    let messages = 0;
    const hub = new HubConnectionBuilder()
      .withUrl(`${base}/messagehub`, {
        transport: HttpTransportType.WebSockets,
        accessTokenFactory: () => token,
      })
      .configureLogging(LogLevel.Warning)
      .build();
    hub.on('CopyAssessment', (id: string, payloadJson: string) => {
      const at = now();
      messages += 1;
      const payload = JSON.parse(payloadJson) as CopyProgressMessage;
      if (jobId === null) early.push({ jobId: id, payload, at });
      else onProgress(id, payload, at);
    });
    await hub.start();
    try {
      const posted = now();
      ({ jobId } = await api<{ jobId: string }>('/api/v2/assessment/copyassessments', {
        propertyIds,
        isFakeJob: false,
        sourceAssessmentIdToCopyFrom: sourceId,
      }));
      for (const e of early.splice(0)) onProgress(e.jobId, e.payload, e.at);
      await withTimeout(done, left(), `the last progress message of job ${jobId}`);
      const last = now();
      const state = await api<JobState>(`/api/v2/jobs/${jobId}`);

      server.send({ type: 'times' });
      const times = await withTimeout(server.next('times'), left(), 'the server’s publish times');
      const published = new Map(times.published);
      const delivered = new Map(times.delivered);
      const delays: number[] = [];
      const notifyDelays: number[] = [];
      const publishedTimes: number[] = [];
      for (let count = 1; count <= N; count++) {
        const p = published.get(keyOf(jobId!, count));
        if (p === undefined) continue;
        publishedTimes.push(p - clock.offset);
        const d = delivered.get(keyOf(jobId!, count));
        if (d !== undefined) notifyDelays.push(d - p);
        const r = received.get(count);
        if (r !== undefined) delays.push(r - (p - clock.offset));
      }
      return {
        database,
        startMs,
        wallMs: last - posted,
        received: messages,
        firstPickupMs: Math.min(...publishedTimes) - posted,
        workerMs: Math.max(...publishedTimes) - Math.min(...publishedTimes),
        edgeRates: [
          100_000 / (publishedTimes[100]! - publishedTimes[0]!),
          100_000 / (publishedTimes.at(-1)! - publishedTimes.at(-101)!),
        ],
        delays,
        notifyDelays,
        clock,
        picked,
        state,
      };
    } finally {
      await withTimeout(hub.stop(), 10_000, 'the hub connection to stop').catch(() => {});
    }
  } finally {
    await server.close();
  }
}

/** A PostgreSQL server: BENCH_DATABASE_URL, or a throw-away one; null (with the reason) when there is none. */
function startPostgres(): { url: string; stop: () => void } | { skipped: string } {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, stop: () => {} };
  const env = { ...process.env, TEST_PG_PORT: PG_PORT, TEST_PG_DIR: PG_DIR };
  const script = fileURLToPath(new URL('./start-test-postgres.sh', import.meta.url));
  const stop = () => {
    execFileSync('bash', [script, 'stop'], { env, stdio: 'ignore' });
  };
  try {
    stop(); // a server left over by an interrupted run
    const out = execFileSync('bash', [script], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const url = /TEST_DATABASE_URL=(\S+)/.exec(out)?.[1];
    if (!url) return { skipped: `scripts/start-test-postgres.sh printed no URL (${out.trim()})` };
    cleanups.push(stop);
    return { url, stop };
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.toString().trim();
    return { skipped: `no PostgreSQL server could be started (${stderr || String(error)})` };
  }
}

async function main() {
  const results: Result[] = [];
  const failures: string[] = [];
  const run = async (database: string, url: string) => {
    console.log(`${database}: copying one assessment to ${N} residences…`);
    try {
      results.push(await benchOne(database, url, Date.now() + RUN_TIMEOUT_MS));
    } catch (error) {
      failures.push(`${database}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  await run('PGlite (memory)', 'memory://');
  const pg = startPostgres();
  if ('skipped' in pg) {
    failures.push(`PostgreSQL: SKIPPED, ${pg.skipped}; set BENCH_DATABASE_URL to bench a server`);
  } else {
    try {
      await run(
        process.env.BENCH_DATABASE_URL ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'PostgreSQL (throw-away)',
        pg.url,
      );
    } finally {
      pg.stop();
    }
  }

  const f = (x: number, digits = 1) => (Number.isFinite(x) ? x.toFixed(digits) : '-');
  console.log('');
  console.log(
    `Copy job of ${N} residences, progress over WebSockets (@microsoft/signalr), server in its own process`,
  );
  const header = [
    'database',
    'wall s',
    'residences/s',
    'messages/s',
    'commit->client median ms',
    'p95 ms',
    'max ms',
  ];
  const rows = results.map((r) => [
    r.database,
    f(r.wallMs / 1000, 2),
    f(N / (r.wallMs / 1000)),
    f(r.received / (r.wallMs / 1000)),
    f(quantile(r.delays, 0.5), 2),
    f(quantile(r.delays, 0.95), 2),
    f(Math.max(...r.delays), 2),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  for (const row of [header, ...rows]) console.log(row.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));
  console.log('');
  for (const r of results) {
    const s = r.state;
    console.log(`${r.database}:`);
    console.log(
      `  job ${s.jobId}: status ${s.status}, ${s.currentCount}/${s.maxCount}, errors ${s.errorCount}, copied ${s.copied.length}` +
        (s.status === 'succeeded' && s.copied.length === N
          ? '  (OK)'
          : '  (NOT OK: expected succeeded, 1000 copied)'),
    );
    console.log(`  ${N} residences (${r.picked}); server start with demo data ${f(r.startMs / 1000, 1)} s`);
    console.log(`  ${r.received} progress messages received (${r.delays.length} matched to a commit)`);
    console.log(
      `  POST -> first commit ${f(r.firstPickupMs, 0)} ms; first -> last commit ${f(r.workerMs / 1000, 2)} s ` +
        `(${f((N - 1) / (r.workerMs / 1000))} items/s in the worker; first 100 ${f(r.edgeRates[0])}/s, last 100 ${f(r.edgeRates[1])}/s)`,
    );
    console.log(
      `  commit -> event back at a subscriber (NOTIFY round trip on PostgreSQL, after the hub's own send): median ${f(quantile(r.notifyDelays, 0.5), 2)} ms, p95 ${f(quantile(r.notifyDelays, 0.95), 2)} ms` +
        `; clocks: server - bench ${f(r.clock.offset, 3)} ms (IPC round trip ${f(r.clock.rtt, 3)} ms)`,
    );
  }
  for (const failure of failures) console.log(failure);
  if (
    results.length === 0 ||
    results.some((r) => r.state.status !== 'succeeded' || r.state.copied.length !== N)
  ) {
    process.exitCode = 1;
  }
  if (failures.some((failure) => !failure.includes('SKIPPED'))) process.exitCode = 1;
}

if (process.argv[2] === '--serve') {
  await serve(process.argv[3]!);
} else {
  // Everything is bounded: a hung run ends the bench (children die with it: IPC closes).
  const guard = setTimeout(() => {
    console.error('bench:jobs: gave up after 12 minutes');
    for (const cleanup of cleanups) cleanup();
    process.exit(1);
  }, 12 * 60_000);
  guard.unref();
  await main();
}
