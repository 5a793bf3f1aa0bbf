import { sql, type Kysely } from 'kysely';
import type WebSocket from 'ws';
import type { Database } from '../server/src/db/schema';
import { copenhagenDate } from '../server/src/jobs/dates';
import type { JobState } from '../shared/contract/dto';
import { connectHub } from './bench-hub-client';
import type { OfficePlan } from './bench-load-plan';

/**
 * The office user of bench:load: a hub connection on each API instance, then the copy of one
 * assessment to the plan's residences and, once it is done, the approval of the copies ("Godkend
 * nu"), as the app's bulk flow does. Each progress message's delay is measured from its item on
 * the worker (the item's updated_at, the worker's clock as it began the item, read from the
 * database afterwards) to its arrival at each connection: the worker's own instance, and the
 * other one, reached through PostgreSQL's NOTIFY.
 */

export interface Instance {
  label: string;
  base: string;
}

export interface JobFigures {
  kind: 'copy' | 'approval';
  items: number;
  failedItems: number;
  status: string;
  /** From the job's first item to its last, on the worker's clock. */
  itemsPerS: number;
  /** The request sent → its last progress message, in seconds. */
  wallS: number;
  /** Per hub connection (an instance's label): each item → its message there, in ms. */
  delays: Map<string, number[]>;
  /** Progress messages that never came, over every connection. */
  missing: number;
}

interface Progress {
  connection: string;
  jobId: string;
  currentCount: number;
  maxCount: number;
  at: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class Office {
  readonly progress: Progress[] = [];
  constructor(
    readonly api: Instance,
    readonly token: string,
    readonly timeoutMs: number,
  ) {}

  async call<T>(path: string, body?: object): Promise<T> {
    const response = await fetch(`${this.api.base}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { authorization: `Bearer ${this.token}`, ...(body && { 'content-type': 'application/json' }) },
      body: body && JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`office ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  /** The job's last message has come to every connection, or the job ended without it. */
  async awaitEnd(jobId: string, connections: number): Promise<void> {
    const deadline = Date.now() + this.timeoutMs;
    const ends = () => this.progress.filter((p) => p.jobId === jobId && p.currentCount === p.maxCount).length;
    let endedAt: number | null = null;
    for (let tick = 0; ends() < connections; tick++) {
      if (Date.now() > deadline) throw new Error(`office: job ${jobId} did not end within the time-out`);
      // A lost last message must not hang the run: the job's state says it ended (read every
      // 2 s, a trickle beside the load).
      if (endedAt === null && tick % 10 === 9) {
        const state = await this.call<JobState>(`/api/v2/jobs/${jobId}`);
        if (state.status !== 'queued' && state.status !== 'running') endedAt = Date.now();
      } else if (endedAt !== null && Date.now() - endedAt > 5_000) return;
      await sleep(200);
    }
  }

  async run(kind: JobFigures['kind'], path: string, body: object, connections: number) {
    const sentAt = Date.now();
    const { jobId } = await this.call<{ jobId: string }>(path, body);
    await this.awaitEnd(jobId, connections);
    const state = await this.call<JobState>(`/api/v2/jobs/${jobId}`);
    return { kind, jobId, sentAt, state };
  }
}

/** The worker's start of each item done, in the order done: the k-th is message k's item. */
async function itemTimes(db: Kysely<Database>, jobId: string): Promise<number[]> {
  const { rows } = await sql<{ updated_at: Date }>`
    select updated_at from job_items where job_id = ${jobId} and status <> 'pending'
    order by updated_at, position`.execute(db);
  return rows.map((r) => new Date(r.updated_at).getTime());
}

async function figures(
  db: Kysely<Database>,
  office: Office,
  job: Awaited<ReturnType<Office['run']>>,
  connections: readonly string[],
): Promise<JobFigures> {
  const times = await itemTimes(db, job.jobId);
  const messages = office.progress.filter((p) => p.jobId === job.jobId);
  const delays = new Map(connections.map((c) => [c, [] as number[]]));
  for (const m of messages) {
    const item = times[m.currentCount - 1];
    if (item !== undefined) delays.get(m.connection)!.push(m.at - item);
  }
  const span = (times.at(-1)! - times[0]!) / 1000;
  return {
    kind: job.kind,
    items: job.state.maxCount,
    failedItems: job.state.errorCount,
    status: job.state.status,
    itemsPerS: span > 0 ? (times.length - 1) / span : NaN,
    wallS: (Math.max(...messages.map((m) => m.at)) - job.sentAt) / 1000,
    delays,
    missing: job.state.maxCount * connections.length - messages.length,
  };
}

/**
 * The office's copy and approval, sent to `api`, with hub connections on every instance of
 * `hubs`; answers the two jobs' figures.
 */
export async function runOffice(options: {
  db: Kysely<Database>;
  api: Instance;
  hubs: readonly Instance[];
  token: string;
  plan: OfficePlan;
  timeoutMs: number;
}): Promise<JobFigures[]> {
  const office = new Office(options.api, options.token, options.timeoutMs);
  const sockets: WebSocket[] = [];
  try {
    for (const hub of options.hubs) {
      const socket = await connectHub(hub.base, options.token, (_target, args, at) => {
        const payload = JSON.parse(String(args[1])) as { currentCount: number; maxCount: number };
        office.progress.push({ connection: hub.label, jobId: String(args[0]), ...payload, at });
      });
      sockets.push(socket);
    }
    const n = sockets.length;
    const copy = await office.run(
      'copy',
      '/api/v2/assessment/copyassessments',
      {
        propertyIds: options.plan.propertyIds,
        sourceAssessmentIdToCopyFrom: options.plan.sourceAssessmentId,
        isFakeJob: false,
      },
      n,
    );
    const validFrom = copenhagenDate(new Date());
    const assessmentsToFinish = copy.state.copied.map((c) => ({
      assessmentId: c.newAssessmentId,
      propertyId: c.propertyId,
      validFrom,
    }));
    const body = { assessmentsToFinish, isFakeJob: false };
    const approval = await office.run('approval', '/api/v2/assessment/finishassessments', body, n);
    const labels = options.hubs.map((h) => h.label);
    return [
      await figures(options.db, office, copy, labels),
      await figures(options.db, office, approval, labels),
    ];
  } finally {
    for (const socket of sockets) socket.terminate();
  }
}
