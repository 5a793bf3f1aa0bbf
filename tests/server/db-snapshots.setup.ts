import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

/**
 * Vitest global setup for the server suites' seeded snapshots (tests/server/helpers.ts): one
 * directory and one id per run, provided to every worker, and everything made under them
 * removed when the run ends. A snapshot lives only as long as its run, so it always holds
 * what this run's migrations and seed produce; nothing is shared between runs.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    dbSnapshotRun: { dir: string; id: string };
  }
}

/** RAM-backed where there is one: a PGlite data directory is read and written as files. */
const ROOT = join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'bt-test-pglite');

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

export default function setup(project: TestProject) {
  mkdirSync(ROOT, { recursive: true });
  // What a killed run left behind: its directory is named after its process.
  for (const entry of readdirSync(ROOT)) {
    const pid = Number(/^run-(\d+)-/.exec(entry)?.[1]);
    if (!pid || !isAlive(pid)) rmSync(join(ROOT, entry), { recursive: true, force: true });
  }
  const id = randomBytes(5).toString('hex');
  const dir = join(ROOT, `run-${process.pid}-${id}`);
  mkdirSync(dir);
  project.provide('dbSnapshotRun', { dir, id });

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    const admin = process.env.TEST_DATABASE_URL;
    if (!admin) return;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE datname LIKE $1',
        [`bt\\_tmpl\\_${id}\\_%`],
      );
      for (const { datname } of rows) {
        await client.query(`ALTER DATABASE ${datname} WITH IS_TEMPLATE false`);
        await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      }
    } finally {
      await client.end();
    }
  };
}
