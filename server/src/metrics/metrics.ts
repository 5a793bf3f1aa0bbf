import { sql, type Kysely } from 'kysely';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { databasePoolOf } from '../db/client';
import type { Database } from '../db/schema';

/**
 * What the server tells Prometheus (docs/operations.md "Metrics"). One registry per built app,
 * not prom-client's global one: tests build many apps in one process. Counters count in this
 * process; Prometheus sums the instances. The queue's figures are read from the database at
 * each scrape, so every instance reports the same queue.
 */

/** How a syncanswer request ended (docs/api.md "syncanswer"). */
export type SyncAnswerOutcome = 'applied' | 'already_applied' | 'changed_since';

export interface Metrics {
  registry: Registry;
  httpRequests: Histogram<'method' | 'route' | 'status'>;
  syncAnswers: Counter<'outcome'>;
  /** Job items done, failed or skipped, by the job's kind. */
  jobItems: Counter<'kind' | 'outcome'>;
  /** Jobs ended, by kind and final status (succeeded, partlyFailed, failed, cancelled). */
  jobsEnded: Counter<'kind' | 'status'>;
  /** Live hub connections by transport; set by the hub once it exists (hub/index.ts). */
  hubConnections: (() => ReadonlyMap<string, number>) | null;
}

/** Latency buckets in seconds: a cached answer in milliseconds up to a slow export. */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * `backgroundDb`: the pool of the job worker, the pruning and the hub's checks (server/src/app.ts),
 * reported beside the requests' one; the same database as `db` on PGlite.
 */
export function createMetrics(db: Kysely<Database>, backgroundDb: Kysely<Database> = db): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const metrics: Metrics = {
    registry,
    httpRequests: new Histogram({
      name: 'bt_http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status, with their latency',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
    syncAnswers: new Counter({
      name: 'bt_syncanswer_total',
      help: 'syncanswer requests by outcome: applied, already_applied (a repeated key), changed_since (refused: a later answer is stored)',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    jobItems: new Counter({
      name: 'bt_job_items_total',
      help: 'Job items processed by this instance, by job kind and outcome (done, failed, skipped)',
      labelNames: ['kind', 'outcome'],
      registers: [registry],
    }),
    jobsEnded: new Counter({
      name: 'bt_jobs_ended_total',
      help: 'Jobs whose last item this instance processed, by kind and final status',
      labelNames: ['kind', 'status'],
      registers: [registry],
    }),
    hubConnections: null,
  };
  registerQueueGauges(registry, db);
  registerPoolGauges(registry, { requests: db, background: backgroundDb });
  new Gauge({
    name: 'bt_hub_connections',
    help: 'Live hub connections of this instance by transport (none: negotiated, no transport yet)',
    labelNames: ['transport'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [transport, count] of metrics.hubConnections?.() ?? []) this.set({ transport }, count);
    },
  });
  return metrics;
}

/**
 * The queue as the database holds it, shared by every instance. One query per scrape for the
 * three gauges: a scrape calls every metric's collect in registration order before awaiting any,
 * so the first gauge's collect starts the query and the other two await the same answer.
 */
function registerQueueGauges(registry: Registry, db: Kysely<Database>) {
  type Queue = { jobs: number; items: number; oldest: number };
  let current: Promise<Queue> | null = null;
  const query = () =>
    sql<{ jobs: number; items: number; oldest: number | null }>`
      select count(*)::int as jobs,
             coalesce(sum(j.max_count - j.current_count), 0)::int as items,
             extract(epoch from now() - min(j.created_at))::float8 as oldest
        from jobs j
       where j.status in ('queued', 'running')`
      .execute(db)
      .then(({ rows }) => ({ jobs: rows[0]!.jobs, items: rows[0]!.items, oldest: rows[0]!.oldest ?? 0 }));
  new Gauge({
    name: 'bt_job_queue_jobs',
    help: 'Jobs queued or running (not finished)',
    registers: [registry],
    async collect() {
      current = query();
      this.set((await current).jobs);
    },
  });
  new Gauge({
    name: 'bt_job_queue_items',
    help: 'Items still to do of the jobs queued or running',
    registers: [registry],
    async collect() {
      this.set((await (current ?? query())).items);
    },
  });
  new Gauge({
    name: 'bt_job_queue_oldest_seconds',
    help: 'Age of the oldest job queued or running (0 when none)',
    registers: [registry],
    async collect() {
      this.set((await (current ?? query())).oldest);
    },
  });
}

/**
 * A PostgreSQL server's pools of this instance, by `pool` (requests, background); embedded
 * PGlite has no pool and reports none.
 */
function registerPoolGauges(
  registry: Registry,
  databases: Record<'requests' | 'background', Kysely<Database>>,
) {
  const pools = Object.entries(databases).flatMap(([name, db]) => {
    const pool = databasePoolOf(db);
    return pool ? [{ name, pool }] : [];
  });
  if (pools.length === 0) return;
  new Gauge({
    name: 'bt_db_pool_connections',
    help: 'Connections of each database pool by state (idle, busy) and those waiting for one (waiting)',
    labelNames: ['pool', 'state'],
    registers: [registry],
    collect() {
      for (const { name, pool } of pools) {
        this.set({ pool: name, state: 'idle' }, pool.idleCount);
        this.set({ pool: name, state: 'busy' }, pool.totalCount - pool.idleCount);
        this.set({ pool: name, state: 'waiting' }, pool.waitingCount);
      }
    },
  });
  new Gauge({
    name: 'bt_db_pool_max',
    help: 'Most connections each pool opens (requests: DATABASE_POOL_SIZE)',
    labelNames: ['pool'],
    registers: [registry],
    collect() {
      for (const { name, pool } of pools) this.set({ pool: name }, pool.options.max ?? 10);
    },
  });
}
