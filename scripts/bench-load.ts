/**
 * npm run bench:load: many assessors at once on the national data set, with an office's bulk
 * jobs beside them, on production's shape: PostgreSQL, two API instances of the compiled server
 * (`npm run build` first) on one database, one of them with the job worker (JOB_WORKER=false on
 * the other), SEED=national. The national seed is loaded as bench:national loads it (the first
 * load takes minutes; a database that holds it already is reused as it is, not migrated), and the
 * bench works on a copy of it (CREATE DATABASE … TEMPLATE, which the instances migrate), dropped
 * at the end, so its writes never reach the seed. Nothing else may be connected to the seed
 * while it is copied (bench:national, bench:overview).
 *
 * For each number of assessors N (--users) the load generator in this process (undici, a
 * keep-alive pool per instance; assessors alternate between the instances) runs N assessors at
 * once, each a write user of its own in a department of its own, spread over the organizations.
 * An assessor's visit: the department's list, two searches (the street, then street and number,
 * as the header's search asks), the residence (getproperty), a new draft on a residence that has
 * none (createnewassessment with the client's id, as "Start screening" sends it), the form's
 * questions, and 40 answers (screening first) exactly as the outbox sends them (syncanswer, a new
 * Idempotency-Key each). Every request waits a random 0–200 ms first (--think): the assessors are at work at
 * once, not in step. Each assessor makes one such visit (--visits), as the morning has
 * it: N assessors starting within the first 2 s, 40·N answers to take percentiles of. With
 * --duration=S instead they do visit after visit, each on another residence, for S seconds and
 * on until the office's jobs are done: a load that lasts as long as the jobs.
 *
 * Meanwhile an office user of the largest organization, with a hub connection on each instance,
 * copies one approved assessment to 500 residences and then approves the copies. The delay of
 * each progress message is taken from its item on the worker (job_items.updated_at, read from
 * the database afterwards) to its arrival at each connection.
 *
 * Prints per N: requests, p50, p95, p99 and max per endpoint, errors (any non-2xx, and requests
 * without an answer: none is expected), the server's own mean per route (from /metrics), the
 * jobs' items per second and hub delays, and where the time went (bench-load-probes.ts); then a
 * summary and the targets, set for N = 300 on a 2-core machine: no errors; syncanswer p99
 * < 150 ms; search p99 < 300 ms; the department list p99 < 500 ms; every progress message within
 * 1 s of its item.
 *
 * Options: --users=100,300,1000 (the numbers of assessors, in order), --visits=1 (visits per
 * assessor), --duration=S (visit after visit for S seconds at least, instead of --visits),
 * --think=200 (the most a request waits before it is sent, in ms: 200 is phones sending what
 * their outboxes held, all at once; an assessor at the door answers every few seconds).
 * Environment: BENCH_DATABASE_URL (a PostgreSQL server URL; default the test server of
 * scripts/start-test-postgres.sh), BENCH_DATABASE (the national seed's database, default
 * bench_national), BENCH_RELOAD=1 (load it again), BENCH_CPU_PROF=1 (the instances run with
 * --cpu-prof; the profiles' directory is printed). The instances inherit the environment, so
 * DATABASE_POOL_SIZE or LOG_LEVEL (default info: production's one line per request, to a log
 * file) can be tried.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { Pool } from 'undici';
import { createDatabase } from '../server/src/db/client';
import type { Database } from '../server/src/db/schema';
import { nationalOrganizationId } from '../server/src/db/seed/national-data';
import { Recorder, runAssessors } from './bench-load-assessors';
import { runOffice } from './bench-load-office';
import { answerPlan, freeResidence, planAssessors, planOffice, type Answer } from './bench-load-plan';
import { startProbes } from './bench-load-probes';
import { printRun, printSummary, type RunResult } from './bench-load-report';
import { addWriteUsers, signInAll } from './bench-users';
import { benchPostgresAdmin, freshPostgresDatabase } from './fresh-postgres';
import { ensureDatabase, loadNational } from './national-database';
import { BENCH_RATE_LIMITS, startLoggedServer, type ServerChild } from './server-child';

const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '100,300,1000' },
    visits: { type: 'string', default: '1' },
    think: { type: 'string', default: '200' },
    duration: { type: 'string' },
  },
});
const USERS = args.users.split(',').map(Number);
const VISITS = Number(args.visits);
const DURATION_MS = args.duration === undefined ? null : Number(args.duration) * 1000;
const THINK_MS = Number(args.think);
const RAMP_MS = 2_000;
const ANSWERS = 40;
const COPY_ITEMS = 500;
/** Residences an assessor visits before it comes round to its first again (and takes its draft). */
const RESIDENCES_PER_ASSESSOR = 16;
const JOB_TIMEOUT_MS = 15 * 60_000;
const DATABASE = process.env.BENCH_DATABASE ?? 'bench_national';
/** The largest organization: the office's. */
const OFFICE_ORGANIZATION = nationalOrganizationId(1);

type Instance = ServerChild & { label: string; logFile: string };

interface Setup {
  db: Kysely<Database>;
  instances: Instance[];
  secret: string;
  metricsToken: string;
  officeToken: string;
  answers: Answer[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startInstance(
  label: string,
  worker: boolean,
  url: string,
  secrets: { secret: string; metricsToken: string },
  workDir: string,
): Promise<Instance> {
  const server = await startLoggedServer({
    env: {
      DATABASE_URL: url,
      SEED: 'national',
      STATIC_DIR: '',
      JWT_SECRET: secrets.secret,
      JOB_WORKER: String(worker),
      METRICS_TOKEN: secrets.metricsToken,
      ...BENCH_RATE_LIMITS,
    },
    workDir,
    label,
    readyPath: '/readyz',
  });
  return { ...server, label: worker ? `${label} (job worker)` : label };
}

/** One number of assessors, with the office's jobs beside them. */
async function runUsers(setup: Setup, n: number): Promise<RunResult> {
  const { db, instances } = setup;
  const office = await planOffice(db, OFFICE_ORGANIZATION, COPY_ITEMS);
  const plans = await planAssessors(db, n, office.departmentIds, RESIDENCES_PER_ASSESSOR);
  const prefix = `bench-load-${n}-${randomBytes(3).toString('hex')}`;
  const users = await addWriteUsers(
    db,
    prefix,
    plans.map((p) => p.organizationId),
  );
  const tokens = await signInAll(db, setup.secret, users);
  const assessors = plans.map((plan, index) => ({ ...plan, index, token: tokens[index]! }));
  // A connection per assessor at most, as each phone has its own.
  const connections = Math.ceil(n / instances.length) + 1;
  const pools = instances.map(
    (i) =>
      new Pool(i.base, {
        connections,
        keepAliveTimeout: 60_000,
        headersTimeout: 30_000,
        bodyTimeout: 30_000,
      }),
  );
  const recorder = new Recorder();
  const stopProbes = await startProbes(instances, setup.metricsToken, db);
  const started = performance.now();
  let officeDone = false;
  // The jobs are sent to the instance without the worker, whose hub hears of them through the database.
  const officeRun = sleep(RAMP_MS)
    .then(() =>
      runOffice({
        db,
        api: instances[1]!,
        hubs: instances,
        token: setup.officeToken,
        plan: office,
        timeoutMs: JOB_TIMEOUT_MS,
      }),
    )
    .finally(() => (officeDone = true));
  officeRun.catch(() => {}); // awaited below, after the assessors
  const goOn =
    DURATION_MS === null
      ? (visits: number) => visits < VISITS
      : () => performance.now() - started < DURATION_MS || !officeDone;
  const context = { pools, recorder, answers: setup.answers, thinkMs: THINK_MS, goOn };
  const visits = await runAssessors(assessors, context, RAMP_MS);
  const seconds = (performance.now() - started) / 1000;
  const time = await stopProbes();
  await Promise.all(pools.map((p) => p.close()));
  return { users: n, seconds, visits, recorder, jobs: await officeRun, time };
}

async function main(): Promise<void> {
  const admin = benchPostgresAdmin();
  const national = await ensureDatabase(admin, DATABASE, process.env.BENCH_RELOAD === '1');
  // Reused as it is: the instances migrate the copy.
  await loadNational(national, { migrateReused: false });
  let t0 = performance.now();
  const copy = await freshPostgresDatabase(admin, 'bench_load', DATABASE).catch((error: unknown) => {
    throw new Error(`Copying ${DATABASE} failed; is another bench connected to it?`, { cause: error });
  });
  console.log(`Copied ${DATABASE} in ${((performance.now() - t0) / 1000).toFixed(0)} s.`);
  const db = createDatabase(copy.url);
  const workDir = mkdtempSync(path.join(tmpdir(), 'bench-load-'));
  const instances: Instance[] = [];
  const results: RunResult[] = [];
  try {
    const secret = randomBytes(32).toString('base64url');
    const metricsToken = randomBytes(24).toString('base64url');
    t0 = performance.now();
    instances.push(await startInstance('A', true, copy.url, { secret, metricsToken }, workDir));
    instances.push(await startInstance('B', false, copy.url, { secret, metricsToken }, workDir));
    console.log(`Two instances up in ${((performance.now() - t0) / 1000).toFixed(0)} s; logs in ${workDir}.`);
    const [officeUser] = await addWriteUsers(db, 'bench-load-office', [OFFICE_ORGANIZATION]);
    const [officeToken] = await signInAll(db, secret, [officeUser!]);
    const probe = await freeResidence(db, OFFICE_ORGANIZATION);
    const answers = await answerPlan(instances[1]!.base, officeToken!, probe, ANSWERS);
    console.log(`${answers.length} answers a visit: ${answers.map((a) => a.questionUniqueId).join(' ')}`);
    const setup: Setup = { db, instances, secret, metricsToken, officeToken: officeToken!, answers };
    for (const n of USERS) {
      results.push(await runUsers(setup, n));
      printRun(results.at(-1)!);
    }
    printSummary(results);
  } finally {
    for (const instance of instances) {
      await instance.close();
      console.log(
        `Log of ${instance.label}: ${instance.logFile} (${(statSync(instance.logFile).size / 2 ** 20).toFixed(1)} MB)`,
      );
    }
    await db.destroy();
    await copy.drop();
  }
}

await main();
