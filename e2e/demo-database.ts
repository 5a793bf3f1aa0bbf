import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The demo data on disk, built once per run and copied for every server the specs start.
 * Migrating and seeding took a server five seconds of a core at each start, and a run starts
 * over a dozen (a worker per project and fixture, and the specs' own); a copy of the seeded
 * PGlite data directory starts in half that (docs/performance.md "The test suite"). The run's
 * directory lies in RAM where /dev/shm exists. e2e/global-setup.ts builds the seed through a
 * real server start and removes the directory when the run ends, so a copy never outlives the
 * code that seeded it.
 */
const RUN_DIR_VARIABLE = 'E2E_DATABASE_DIR';

const runDir = (): string | undefined => process.env[RUN_DIR_VARIABLE];

/** Where the seeded data directory of the run lies. */
export const seededDirectory = (dir: string): string => join(dir, 'seed', 'pglite');

/** Creates the run's directory and makes it known to the workers (they inherit the variable). */
export function createRunDirectory(): string {
  const base = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  const dir = mkdtempSync(join(base, 'bt-e2e-'));
  mkdirSync(join(dir, 'seed'));
  process.env[RUN_DIR_VARIABLE] = dir;
  return dir;
}

export function removeRunDirectory(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * A data directory of its own with the demo data, for `DATABASE_URL`, and how to remove it.
 * Without the run's seed (a spec started without the global setup) the directory is empty and
 * the server seeds it as usual.
 */
export function copyOfDemoDatabase(): { databaseUrl: string; remove(): void } {
  const dir = runDir();
  const seeded = dir !== undefined && existsSync(seededDirectory(dir));
  const copy = mkdtempSync(join(dir ?? tmpdir(), 'bt-server-'));
  if (seeded) cpSync(seededDirectory(dir), join(copy, 'pglite'), { recursive: true });
  return { databaseUrl: join(copy, 'pglite'), remove: () => rmSync(copy, { recursive: true, force: true }) };
}
