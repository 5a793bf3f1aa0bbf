import { ENDPOINTS, ROUTES, type Recorder } from './bench-load-assessors';
import type { JobFigures } from './bench-load-office';
import type { WhereTimeGoes } from './bench-load-probes';

/** What bench:load prints for each number of assessors, and the targets it judges. */

export interface RunResult {
  users: number;
  /** The assessors' load, from the first to the last request, in seconds. */
  seconds: number;
  visits: number;
  recorder: Recorder;
  jobs: JobFigures[];
  time: WhereTimeGoes;
}

/** The targets, set for 300 assessors on this 2-core machine. */
export const TARGET_USERS = 300;
const P99_TARGETS: [string, number][] = [
  ['syncanswer', 150],
  ['search', 300],
  ['department list', 500],
];
const HUB_TARGET_MS = 1000;

const sorted = (values: readonly number[]) => Float64Array.from(values).sort();
const at = (s: Float64Array, p: number) =>
  s.length === 0 ? NaN : s[Math.min(s.length - 1, Math.floor(s.length * p))]!;
const ms = (value: number) => (Number.isNaN(value) ? '-' : value.toFixed(value < 10 ? 1 : 0));
const row = (cells: readonly string[], widths: readonly number[]) =>
  '  ' + cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' ');

export function p99Of(r: RunResult, endpoint: string): number {
  return at(sorted(r.recorder.latencies.get(endpoint) ?? []), 0.99);
}

export function errorsOf(r: RunResult): number {
  let errors = 0;
  for (const counts of r.recorder.failures.values()) for (const n of counts.values()) errors += n;
  return errors;
}

/** Every progress message's delay, over both jobs and every connection, and the messages missing. */
function hubDelays(r: RunResult): { max: number; missing: number } {
  const all = r.jobs.flatMap((j) => [...j.delays.values()].flat());
  return { max: all.length ? Math.max(...all) : NaN, missing: r.jobs.reduce((s, j) => s + j.missing, 0) };
}

function printEndpoints(r: RunResult): void {
  const widths = [20, 9, 8, 8, 8, 8, 7, 12];
  console.log(
    row(['endpoint', 'requests', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'errors', 'server mean'], widths),
  );
  const routes = new Map<string, { count: number; sumS: number }>();
  for (const instance of r.time.instances)
    for (const [route, f] of instance.routes) {
      const sum = routes.get(route) ?? { count: 0, sumS: 0 };
      routes.set(route, { count: sum.count + f.count, sumS: sum.sumS + f.sumS });
    }
  for (const endpoint of ENDPOINTS) {
    const s = sorted(r.recorder.latencies.get(endpoint) ?? []);
    const failures = [...(r.recorder.failures.get(endpoint)?.values() ?? [])].reduce((a, b) => a + b, 0);
    const server = routes.get(ROUTES[endpoint]);
    const mean = server && server.count > 0 ? (1000 * server.sumS) / server.count : NaN;
    const cells = [endpoint, String(s.length + networkFailures(r, endpoint))];
    cells.push(
      ms(at(s, 0.5)),
      ms(at(s, 0.95)),
      ms(at(s, 0.99)),
      ms(s.at(-1) ?? NaN),
      String(failures),
      ms(mean),
    );
    console.log(row(cells, widths));
  }
  for (const [endpoint, counts] of r.recorder.failures)
    for (const [failure, n] of counts) console.log(`    ${endpoint}: ${n} × ${failure}`);
}

/** Requests without a response, so without a latency: the rest are all in the latencies. */
function networkFailures(r: RunResult, endpoint: string): number {
  let count = 0;
  for (const [failure, n] of r.recorder.failures.get(endpoint) ?? [])
    if (failure.startsWith('network')) count += n;
  return count;
}

function printJobs(r: RunResult): void {
  for (const j of r.jobs) {
    console.log(
      `  ${j.kind} of ${j.items}: ${j.status}, ${j.failedItems} failed items, ${j.itemsPerS.toFixed(1)} items/s on ` +
        `the worker, ${j.wallS.toFixed(1)} s from the request to the last message` +
        (j.missing > 0 ? `, ${j.missing} messages MISSING` : ''),
    );
    for (const [connection, delays] of j.delays) {
      const s = sorted(delays);
      console.log(
        `    hub on ${connection}: item → message p50 ${ms(at(s, 0.5))} ms, p99 ${ms(at(s, 0.99))} ms, ` +
          `max ${ms(s.at(-1) ?? NaN)} ms (${s.length} messages)`,
      );
    }
  }
}

function printWhereTimeGoes(t: WhereTimeGoes): void {
  const share = (cpuS: number) =>
    `${cpuS.toFixed(1)} s (${((100 * cpuS) / t.seconds).toFixed(0)} % of a core)`;
  console.log(`  CPU over ${t.seconds.toFixed(0)} s (2 cores: 200 % at most):`);
  for (const i of t.instances) {
    const outcomes = [...i.syncAnswers].map(([o, n]) => `${o} ${n}`).join(', ') || 'none';
    console.log(
      `    instance ${i.label}: ${share(i.cpuS)}; event loop worst second max ${ms(i.lagMaxMs)} ms, ` +
        `p99 ${ms(i.lagP99Ms)} ms; pool waiting at most ${i.poolWaitingMax} (pool ${i.poolMax}); syncanswer ${outcomes}`,
    );
  }
  console.log(`    PostgreSQL: ${t.postgresCpuS === null ? 'not on this machine' : share(t.postgresCpuS)}`);
  console.log(
    `    this bench (load generator and office): ${share(t.benchCpuS)}; its event loop p99 ` +
      `${ms(t.generatorLag.p99Ms)} ms, max ${ms(t.generatorLag.maxMs)} ms`,
  );
  if (typeof t.statements === 'string') console.log(`    ${t.statements}`);
  else
    for (const s of t.statements)
      console.log(
        `    ${s.totalMs.toFixed(0).padStart(7)} ms ${String(s.calls).padStart(7)} calls ${s.meanMs.toFixed(2).padStart(7)} ms  ` +
          s.query.replace(/\s+/g, ' ').slice(0, 90),
      );
}

export function printRun(r: RunResult): void {
  console.log(
    `\nN = ${r.users} assessors: ${r.seconds.toFixed(0)} s of load, ${r.visits} visits, over both instances`,
  );
  printEndpoints(r);
  printJobs(r);
  printWhereTimeGoes(r.time);
}

/** The targets judged on one run; met only when every one is. */
export function verdicts(r: RunResult): { met: boolean; lines: string[] } {
  const checks: [string, boolean][] = [[`errors ${errorsOf(r)} (target 0)`, errorsOf(r) === 0]];
  for (const [endpoint, target] of P99_TARGETS) {
    const p99 = p99Of(r, endpoint);
    checks.push([`${endpoint} p99 ${ms(p99)} ms (target < ${target} ms)`, p99 < target]);
  }
  const hub = hubDelays(r);
  checks.push([
    `hub: every item's message within ${ms(hub.max)} ms, ${hub.missing} missing (target < ${HUB_TARGET_MS} ms, none missing)`,
    hub.max < HUB_TARGET_MS && hub.missing === 0,
  ]);
  return {
    met: checks.every(([, ok]) => ok),
    lines: checks.map(([text, ok]) => `${ok ? 'met    ' : 'NOT MET'} ${text}`),
  };
}

export function printSummary(results: readonly RunResult[]): void {
  console.log('\nSummary');
  const widths = [8, 8, 7, 16, 12, 13, 14, 17, 14];
  const head = ['N', 'visits', 'errors', 'syncanswer p99', 'search p99', 'list p99', 'copy items/s'];
  console.log(row([...head, 'approval items/s', 'hub max ms'], widths));
  for (const r of results) {
    const rate = (kind: string) => r.jobs.find((j) => j.kind === kind)?.itemsPerS.toFixed(1) ?? '-';
    const p99s = P99_TARGETS.map(([endpoint]) => ms(p99Of(r, endpoint)));
    const cells = [String(r.users), String(r.visits), String(errorsOf(r)), ...p99s, rate('copy')];
    console.log(row([...cells, rate('approval'), ms(hubDelays(r).max)], widths));
  }
  const judged = results.find((r) => r.users === TARGET_USERS);
  if (!judged) {
    console.log(`\nThe targets are set for N = ${TARGET_USERS}, which did not run; for the largest N run:`);
  } else console.log(`\nTargets at N = ${TARGET_USERS}:`);
  const { met, lines } = verdicts(judged ?? results.at(-1)!);
  for (const line of lines) console.log(`  ${line}`);
  console.log(met ? 'All targets met.' : 'Some targets not met.');
}
