import { readdirSync, readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../server/src/db/schema';

/**
 * Where bench:load's time goes, cheaply and from outside the servers: the CPU each process used
 * (/proc), each instance's /metrics scraped every second (event-loop delay, the database pool's
 * waiting requests, syncanswer outcomes, time spent per route), this process's own event-loop
 * delay (a busy load generator inflates every latency it measures), and the statements that took
 * the database's time when pg_stat_statements is loaded.
 */

export interface ServerProbe {
  label: string;
  base: string;
  pid: number;
}

export interface InstanceFigures {
  label: string;
  cpuS: number;
  /** The worst scrape's event-loop delay: its largest, and its p99, in ms. */
  lagMaxMs: number;
  lagP99Ms: number;
  poolWaitingMax: number;
  poolMax: number;
  syncAnswers: Map<string, number>;
  /** Per route: requests and seconds spent in them, as the server measured them. */
  routes: Map<string, { count: number; sumS: number }>;
}

export interface WhereTimeGoes {
  seconds: number;
  instances: InstanceFigures[];
  /** Null when the PostgreSQL server is not on this machine. */
  postgresCpuS: number | null;
  benchCpuS: number;
  generatorLag: { p99Ms: number; maxMs: number };
  /** The costliest statements, or why there are none. */
  statements: { query: string; calls: number; meanMs: number; totalMs: number }[] | string;
}

const CLOCK_TICKS = 100;

/** utime + stime of a process in seconds, and its parent; null when it is gone. */
function processCpu(pid: number): { cpuS: number; ppid: number } | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return { cpuS: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS, ppid: Number(fields[1]) };
  } catch {
    return null;
  }
}

/** The CPU seconds of the postmaster and each of its children (the backends), by pid. */
function postgresCpu(postmaster: number): Map<number, number> {
  const cpu = new Map<number, number>([[postmaster, processCpu(postmaster)?.cpuS ?? 0]]);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const p = processCpu(Number(entry));
    if (p?.ppid === postmaster) cpu.set(Number(entry), p.cpuS);
  }
  return cpu;
}

async function findPostmaster(db: Kysely<Database>): Promise<number | null> {
  const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
  // On another machine the pid names some other process here, or none.
  const backend = processCpu(rows[0]!.pid);
  try {
    const comm = backend && readFileSync(`/proc/${backend.ppid}/comm`, 'utf8').trim();
    return backend && comm?.startsWith('postgres') ? backend.ppid : null;
  } catch {
    return null;
  }
}

type Sample = Map<string, number>;

function parseMetrics(text: string): Sample {
  const sample: Sample = new Map();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const space = line.lastIndexOf(' ');
    sample.set(line.slice(0, space), Number(line.slice(space + 1)));
  }
  return sample;
}

/** Scrapes an instance's /metrics every second until stopped; keeps the first, the last and the worst. */
class Scraper {
  first: Sample | null = null;
  last: Sample | null = null;
  lagMaxMs = 0;
  lagP99Ms = 0;
  poolWaitingMax = 0;
  private stopped = false;
  readonly done: Promise<void>;

  constructor(
    readonly server: ServerProbe,
    token: string,
  ) {
    this.done = this.loop(token);
  }

  private async loop(token: string): Promise<void> {
    while (!this.stopped) {
      const response = await fetch(`${this.server.base}/metrics`, {
        headers: { authorization: `Bearer ${token}` },
      }).catch(() => null);
      if (response?.ok) this.take(parseMetrics(await response.text()));
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }

  private take(sample: Sample): void {
    // The event-loop figures cover the time since the scrape before: the first one's, another run.
    if (this.first) {
      this.lagMaxMs = Math.max(this.lagMaxMs, 1000 * (sample.get('nodejs_eventloop_lag_max_seconds') ?? 0));
      this.lagP99Ms = Math.max(this.lagP99Ms, 1000 * (sample.get('nodejs_eventloop_lag_p99_seconds') ?? 0));
    }
    const waiting = sample.get('bt_db_pool_connections{pool="requests",state="waiting"}') ?? 0;
    this.poolWaitingMax = Math.max(this.poolWaitingMax, waiting);
    this.first ??= sample;
    this.last = sample;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.done;
  }
}

/** Counter increases between the first and the last scrape, by a label of the metric `name`. */
function increases(s: Scraper, name: string, label: string): Map<string, number> {
  const result = new Map<string, number>();
  for (const [key, value] of s.last ?? []) {
    if (!key.startsWith(`${name}{`)) continue;
    const at = new RegExp(`${label}="([^"]*)"`).exec(key)?.[1] ?? '';
    result.set(at, (result.get(at) ?? 0) + value - (s.first?.get(key) ?? 0));
  }
  return result;
}

async function statementsReset(db: Kysely<Database>): Promise<string | null> {
  const { rows } = await sql<{ libraries: string }>`
    select current_setting('shared_preload_libraries') as libraries`.execute(db);
  if (!rows[0]!.libraries.includes('pg_stat_statements'))
    return 'pg_stat_statements is not loaded (shared_preload_libraries): skipped';
  await sql`create extension if not exists pg_stat_statements`.execute(db);
  await sql`select pg_stat_statements_reset()`.execute(db);
  return null;
}

async function topStatements(db: Kysely<Database>) {
  const { rows } = await sql<{ query: string; calls: string; mean: number; total: number }>`
    select query, calls, mean_exec_time as mean, total_exec_time as total from pg_stat_statements
    where dbid = (select oid from pg_database where datname = current_database())
    order by total_exec_time desc limit 8`.execute(db);
  return rows.map((r) => ({ query: r.query, calls: Number(r.calls), meanMs: r.mean, totalMs: r.total }));
}

export async function startProbes(
  servers: readonly ServerProbe[],
  metricsToken: string,
  db: Kysely<Database>,
) {
  const skipped = await statementsReset(db);
  const postmaster = await findPostmaster(db);
  const postgresBefore = postmaster === null ? null : postgresCpu(postmaster);
  const serversBefore = servers.map((s) => processCpu(s.pid)?.cpuS ?? 0);
  const benchBefore = process.cpuUsage();
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const scrapers = servers.map((s) => new Scraper(s, metricsToken));
  const started = performance.now();

  return async function stop(): Promise<WhereTimeGoes> {
    const seconds = (performance.now() - started) / 1000;
    lag.disable();
    await Promise.all(scrapers.map((s) => s.stop()));
    const bench = process.cpuUsage(benchBefore);
    let postgresCpuS: number | null = null;
    if (postmaster !== null && postgresBefore) {
      postgresCpuS = 0;
      for (const [pid, cpuS] of postgresCpu(postmaster))
        postgresCpuS += cpuS - (postgresBefore.get(pid) ?? 0);
    }
    const instances = scrapers.map((s, i): InstanceFigures => {
      const sums = increases(s, 'bt_http_request_duration_seconds_sum', 'route');
      const counts = increases(s, 'bt_http_request_duration_seconds_count', 'route');
      return {
        label: s.server.label,
        cpuS: (processCpu(s.server.pid)?.cpuS ?? 0) - serversBefore[i]!,
        lagMaxMs: s.lagMaxMs,
        lagP99Ms: s.lagP99Ms,
        poolWaitingMax: s.poolWaitingMax,
        poolMax: s.last?.get('bt_db_pool_max{pool="requests"}') ?? 0,
        syncAnswers: increases(s, 'bt_syncanswer_total', 'outcome'),
        routes: new Map([...counts].map(([route, count]) => [route, { count, sumS: sums.get(route) ?? 0 }])),
      };
    });
    return {
      seconds,
      instances,
      postgresCpuS,
      benchCpuS: (bench.user + bench.system) / 1e6,
      generatorLag: { p99Ms: lag.percentile(99) / 1e6, maxMs: lag.max / 1e6 },
      statements: skipped ?? (await topStatements(db)),
    };
  };
}
