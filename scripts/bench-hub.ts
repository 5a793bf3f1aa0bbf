/**
 * npm run bench:hub: the hub at scale (docs/performance.md "The hub at scale"). The compiled
 * server runs in a process of its own on a PostgreSQL server (BENCH_DATABASE_URL, or the
 * throw-away one of scripts/start-test-postgres.sh), with the job worker; this process is the
 * load generator on loopback. It adds 100 write users to the demo organization (20 connections
 * each: the hub's limit per user), opens 2,000 WebSocket connections with the SignalR JSON
 * handshake, and has 10 of the users start a copy job of 20 residences at once, each job's
 * progress going to its user's 20 connections. Prints the server's resident memory per
 * connection (idle, after the handshakes) and the delay from each item's transaction (the new
 * assessment's created_at, the item's transaction start, read from the database afterwards) to
 * its message at each connection: p50, p99 and the largest, over 4,000 deliveries.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type WebSocket from 'ws';
import { createDatabase } from '../server/src/db/client';
import { connectHub } from './bench-hub-client';
import { addWriteUsers, signInAll } from './bench-users';
import { benchPostgresAdmin, freshPostgresDatabase } from './fresh-postgres';
import { BENCH_RATE_LIMITS, startServerChild } from './server-child';

const USERS = 100;
const PER_USER = 20;
const JOBS = 10;
const ITEMS_PER_JOB = 20;
/** Handshakes in flight at once while connecting. */
const CONNECTING_AT_ONCE = 50;

const residentBytes = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

interface Received {
  newAssessmentId: string | null;
  at: number;
}

/** One hub connection; records its CopyAssessment messages. */
function connect(base: string, token: string, received: Received[]): Promise<WebSocket> {
  return connectHub(base, token, (target, args, at) => {
    if (target !== 'CopyAssessment') return;
    const payload = JSON.parse(String(args[1])) as { newAssessmentId: string | null };
    received.push({ newAssessmentId: payload.newAssessmentId, at });
  });
}

async function main() {
  const database = await freshPostgresDatabase(benchPostgresAdmin(), 'bench_hub');
  const secret = randomBytes(32).toString('base64url');
  const server = await startServerChild({
    env: {
      DATABASE_URL: database.url,
      STATIC_DIR: '',
      DEMO_SSO: 'true',
      JWT_SECRET: secret,
      JOB_WORKER: 'true',
      LOG_LEVEL: 'warn',
      ...BENCH_RATE_LIMITS,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    readyPath: '/readyz',
    timeoutMs: 180_000,
  });
  const db = createDatabase(database.url);
  const sockets: WebSocket[] = [];
  try {
    // 100 write users of the demo write user's organization, each signed in once.
    const { organization_id: organizationId } = await db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select('m.organization_id')
      .where('u.user_name', '=', 'skriver')
      .executeTakeFirstOrThrow();
    const users = await addWriteUsers(
      db,
      'bench-hub',
      Array.from({ length: USERS }, () => organizationId),
    );
    const userTokens = await signInAll(db, secret, users);

    await pause(2_000);
    const before = residentBytes(server.pid);
    const received: Received[][] = users.map(() => []);
    const started = performance.now();
    const plan = users.flatMap((_, u) => Array.from({ length: PER_USER }, () => u));
    for (let i = 0; i < plan.length; i += CONNECTING_AT_ONCE) {
      const batch = plan.slice(i, i + CONNECTING_AT_ONCE);
      sockets.push(
        ...(await Promise.all(batch.map((u) => connect(server.base, userTokens[u]!, received[u]!)))),
      );
    }
    const connectS = (performance.now() - started) / 1000;
    await pause(5_000);
    const after = residentBytes(server.pid);

    // 10 copy jobs at once, by 10 users, of 20 residences each.
    const source = await db
      .selectFrom('assessments')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where('status', '=', 'approved')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const free = (
      await db
        .selectFrom('residences as r')
        .select('r.id')
        .where('r.organization_id', '=', organizationId)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('assessments as a').select('a.id').whereRef('a.residence_id', '=', 'r.id'))),
        )
        .orderBy('r.id')
        .limit(JOBS * ITEMS_PER_JOB)
        .execute()
    ).map((r) => r.id);
    const jobsStarted = performance.now();
    await Promise.all(
      Array.from({ length: JOBS }, async (_, j) => {
        const response = await fetch(`${server.base}/api/v2/assessment/copyassessments`, {
          method: 'POST',
          headers: { authorization: `Bearer ${userTokens[j]}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            propertyIds: free.slice(j * ITEMS_PER_JOB, (j + 1) * ITEMS_PER_JOB),
            sourceAssessmentIdToCopyFrom: source.id,
            isFakeJob: false,
          }),
        });
        if (!response.ok) throw new Error(`copyassessments: ${response.status} ${await response.text()}`);
      }),
    );
    const expected = JOBS * ITEMS_PER_JOB * PER_USER;
    const deadline = Date.now() + 180_000;
    const count = () => received.reduce((sum, list) => sum + list.length, 0);
    while (count() < expected && Date.now() < deadline) await pause(200);
    const jobsS = (performance.now() - jobsStarted) / 1000;

    // Each item's transaction start, from the database: the new assessment's created_at.
    const ids = [...new Set(received.flat().flatMap((r) => (r.newAssessmentId ? [r.newAssessmentId] : [])))];
    const createdAt = new Map(
      (await db.selectFrom('assessments').select(['id', 'created_at']).where('id', 'in', ids).execute()).map(
        (row) => [row.id, new Date(row.created_at).getTime()],
      ),
    );
    const delays = received
      .flat()
      .flatMap((r) =>
        r.newAssessmentId && createdAt.has(r.newAssessmentId)
          ? [r.at - createdAt.get(r.newAssessmentId)!]
          : [],
      )
      .sort((a, b) => a - b);

    console.log(
      `The hub at scale: ${sockets.length} WebSocket connections (${USERS} users × ${PER_USER}), one server process on PostgreSQL`,
    );
    console.log(
      `  connecting (negotiate, upgrade, handshake; ${CONNECTING_AT_ONCE} at a time): ${connectS.toFixed(1)} s`,
    );
    console.log(
      `  resident memory: ${(before / 2 ** 20).toFixed(0)} MB before, ${(after / 2 ** 20).toFixed(0)} MB with the connections idle: ` +
        `${((after - before) / sockets.length / 1024).toFixed(1)} KB per connection`,
    );
    console.log(
      `  ${JOBS} copy jobs of ${ITEMS_PER_JOB} at once: ${count()} of ${expected} progress messages in ${jobsS.toFixed(1)} s ` +
        `(${((JOBS * ITEMS_PER_JOB) / jobsS).toFixed(1)} items/s)`,
    );
    console.log(
      `  item transaction → message at a connection (${delays.length} deliveries): p50 ${percentile(delays, 0.5)} ms, ` +
        `p99 ${percentile(delays, 0.99)} ms, largest ${delays.at(-1)} ms`,
    );
    if (count() < expected) process.exitCode = 1;
  } finally {
    for (const ws of sockets) ws.terminate();
    await db.destroy();
    await server.close();
    await database.drop();
  }
}

await main();
