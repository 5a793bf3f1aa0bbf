/**
 * npm run bench:start: how long the server takes from `node` to a ready answer, and its memory at
 * idle, started both ways (docs/operations.md "Starting"): the compiled build (`npm run
 * build`, dist-server/main.js, as `npm start` and `npm run start:prod` run it) and the
 * TypeScript through tsx (as `npm run dev:server`). Five starts each, alternating, on one database
 * seeded by a first start that is not counted, so every start counted opens data and migrates
 * nothing: the embedded one, and a PostgreSQL server when TEST_DATABASE_URL names one. Prints medians: time to `/readyz` 200 (polled every 10 ms), and the
 * process's resident memory (VmRSS) three seconds after, at idle.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freshPostgresDatabase } from './fresh-postgres';
import { COMPILED_SERVER, freePort } from './server-child';

const STARTS = 5;
const IDLE_MS = 3_000;

type Entry = 'compiled' | 'source';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function residentKilobytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

async function startOnce(entry: Entry, databaseUrl: string): Promise<{ readyMs: number; rssKb: number }> {
  const port = await freePort();
  const args =
    entry === 'compiled'
      ? ['--enable-source-maps', COMPILED_SERVER]
      : ['--import', 'tsx', 'server/src/main.ts'];
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'bench-start-secret-of-at-least-32-bytes',
      STATIC_DIR: 'dist',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) break;
      if (performance.now() - started > 120_000) throw new Error(`${entry}: not ready within 120 s`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const readyMs = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    return { readyMs, rssKb: residentKilobytes(child.pid!) };
  } finally {
    child.kill('SIGINT');
    await exited;
  }
}

/** Five starts each way on one database, after a first start (not counted) that seeds it. */
async function measure(label: string, databaseUrl: string) {
  await startOnce('compiled', databaseUrl);
  const figures: Record<Entry, { readyMs: number[]; rssKb: number[] }> = {
    compiled: { readyMs: [], rssKb: [] },
    source: { readyMs: [], rssKb: [] },
  };
  for (let i = 0; i < STARTS; i++) {
    for (const entry of ['compiled', 'source'] as const) {
      const { readyMs, rssKb } = await startOnce(entry, databaseUrl);
      figures[entry].readyMs.push(readyMs);
      figures[entry].rssKb.push(rssKb);
    }
  }
  console.log(`server start on ${label}, median of ${STARTS}:`);
  for (const [entry, name] of [
    ['compiled', 'compiled (node dist-server/main.js)'],
    ['source', 'TypeScript (node --import tsx)     '],
  ] as const) {
    const f = figures[entry];
    console.log(
      `  ${name}  ready in ${Math.round(median(f.readyMs))} ms ` +
        `(${f.readyMs.map((ms) => Math.round(ms)).join(', ')}), ` +
        `resident memory at idle ${(median(f.rssKb) / 1024).toFixed(0)} MB`,
    );
  }
}

async function main() {
  if (!existsSync(COMPILED_SERVER) || !existsSync('dist/index.html'))
    throw new Error('run `npm run build` first: it builds the app and compiles the server');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bt-bench-start-'));
  try {
    await measure('the embedded PostgreSQL (PGlite) holding the demo data', dataDir);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  // A PostgreSQL server too, when one is given (scripts/start-test-postgres.sh).
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) return console.log('(TEST_DATABASE_URL unset: no PostgreSQL server measured)');
  const database = await freshPostgresDatabase(admin, 'bench_start');
  try {
    await measure('a PostgreSQL server holding the demo data', database.url);
  } finally {
    await database.drop();
  }
}

await main();
