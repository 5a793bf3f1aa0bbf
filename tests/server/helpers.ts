import type { Socket } from 'node:net';
import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import pg from 'pg';
import { buildApp, type App } from '../../server/src/app';
import { createDatabase } from '../../server/src/db/client';
import { migrateToLatest } from '../../server/src/db/migrate';
import { seedDemoData } from '../../server/src/db/seed';
import { loadConfig, type Config } from '../../server/src/config';
import type { QuestionDef } from '../../src/domain/catalogue';

/**
 * The databases the server suites run on: always PGlite, and a real PostgreSQL server when
 * TEST_DATABASE_URL points at one (.ci/run starts one; see README).
 */
export const DATABASES: { name: string; admin: string | null }[] = [
  { name: 'PGlite (memory)', admin: null },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: 'PostgreSQL server', admin: process.env.TEST_DATABASE_URL }]
    : []),
];

export interface TestApp {
  app: App;
  config: Config;
  close(): Promise<void>;
}

/*
 * Seeded database snapshots. Migrating and seeding the demo data costs seconds per suite (most
 * of a server suite's time on a busy two-core machine), and every suite starts from the same
 * rows: the seed is deterministic for a UTC day (seedDay in server/src/db/seed). So each kind
 * of start (demo data, or migrated and empty) is built once and copied per suite: a PGlite
 * data directory in RAM (/dev/shm) copied file by file, a PostgreSQL template database cloned
 * with CREATE DATABASE … TEMPLATE. A snapshot is named by a fingerprint of everything that can
 * change its rows (the server's code, which holds the migrations and the seed, the domain
 * code the seed calls, the PGlite version) and the seed day, so a changed migration or seed
 * is never served from an old snapshot. TEST_DB_SNAPSHOTS=off migrates and seeds every suite
 * afresh, as a check that the snapshots change nothing.
 */
type SnapshotKind = 'demo' | 'empty';

const REPO = join(import.meta.dirname, '..', '..');
const SNAPSHOTS_ON = process.env.TEST_DB_SNAPSHOTS !== 'off';
/**
 * A snapshot (or a suite's copy) nobody has touched for this long belongs to code that has
 * changed since, or to a run that was killed: each is some 70 MB of RAM in /dev/shm.
 */
const STALE_SNAPSHOT_MS = 15 * 60 * 1000;
const LOCK_WAIT_MS = 5 * 60 * 1000;

function sourceFingerprint(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(ts|tsx|json|sql)$/.test(entry.name)) {
        hash.update(relative(REPO, path)).update('\0').update(readFileSync(path)).update('\0');
      }
    }
  };
  walk(join(REPO, 'server', 'src'));
  walk(join(REPO, 'src', 'domain'));
  const pglite = join(REPO, 'node_modules', '@electric-sql', 'pglite', 'package.json');
  hash.update((JSON.parse(readFileSync(pglite, 'utf8')) as { version: string }).version);
  return hash.digest('hex').slice(0, 16);
}

let fingerprint: string | undefined;
/** e.g. `demo_20261123_0123456789abcdef`: a name for PostgreSQL and for a directory. */
function snapshotName(kind: SnapshotKind): string {
  fingerprint ??= sourceFingerprint();
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  return `${kind}_${day}_${fingerprint}`;
}

async function fillSnapshot(databaseUrl: string, kind: SnapshotKind): Promise<void> {
  const db = createDatabase(databaseUrl);
  try {
    await migrateToLatest(db);
    if (kind === 'demo') await seedDemoData(db);
  } finally {
    await db.destroy();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** RAM-backed where there is one: a PGlite data directory is read and written as files. */
const PGLITE_ROOT = join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'bt-test-pglite');

/**
 * The directory of a PGlite snapshot, built by the first suite that needs it (one vitest
 * worker builds while the others wait on the lock directory).
 */
async function pgliteSnapshot(kind: SnapshotKind): Promise<string> {
  const name = snapshotName(kind);
  const dir = join(PGLITE_ROOT, name);
  const lock = `${dir}.lock`;
  mkdirSync(PGLITE_ROOT, { recursive: true });
  const started = Date.now();
  for (;;) {
    if (existsSync(dir)) return dir;
    try {
      mkdirSync(lock);
    } catch {
      // Someone else builds it; a lock left by a killed run is taken over after a while.
      const age = Date.now() - statSync(lock, { throwIfNoEntry: false })!.mtimeMs;
      if (age > LOCK_WAIT_MS) rmSync(lock, { recursive: true, force: true });
      if (Date.now() - started > 2 * LOCK_WAIT_MS) throw new Error(`no PGlite snapshot ${name}`);
      await sleep(250);
      continue;
    }
    try {
      if (existsSync(dir)) return dir;
      const building = mkdtempSync(`${dir}.build-`);
      await fillSnapshot(building, kind);
      renameSync(building, dir);
      for (const other of readdirSync(PGLITE_ROOT)) {
        const path = join(PGLITE_ROOT, other);
        const stat = statSync(path, { throwIfNoEntry: false });
        if (stat && other !== name && Date.now() - stat.mtimeMs > STALE_SNAPSHOT_MS)
          rmSync(path, { recursive: true, force: true });
      }
      return dir;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

async function freshPglite(kind: SnapshotKind | null): Promise<{ url: string; drop(): Promise<void> }> {
  if (!kind) return { url: 'memory://', drop: async () => {} };
  for (let attempt = 0; ; attempt++) {
    const snapshot = await pgliteSnapshot(kind);
    const copy = mkdtempSync(join(PGLITE_ROOT, 'suite-'));
    try {
      cpSync(snapshot, copy, { recursive: true });
      const now = new Date();
      utimesSync(snapshot, now, now);
    } catch (error) {
      // Removed as stale by another run between the check and the copy: build it again.
      rmSync(copy, { recursive: true, force: true });
      if (attempt > 0) throw error;
      continue;
    }
    return { url: copy, drop: async () => rmSync(copy, { recursive: true, force: true }) };
  }
}

async function withAdmin<T>(admin: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const databaseUrl = (admin: string, name: string) => {
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * The template database of a PostgreSQL snapshot. An advisory lock lets one process build it;
 * it is built under another name and renamed, so a template that exists is complete. Nobody
 * connects to it (ALLOW_CONNECTIONS false): CREATE DATABASE … TEMPLATE refuses a template
 * with connections.
 */
async function postgresTemplate(admin: string, kind: SnapshotKind): Promise<string> {
  const name = `bt_tmpl_${snapshotName(kind)}`;
  return withAdmin(admin, async (client) => {
    const exists = async () =>
      (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
    if (await exists()) return name;
    const lockKey = parseInt(createHash('sha256').update(name).digest('hex').slice(0, 12), 16);
    await client.query('SELECT pg_advisory_lock($1)', [lockKey]);
    try {
      if (await exists()) return name;
      const building = `bt_build_${randomBytes(6).toString('hex')}`;
      await client.query(`CREATE DATABASE ${building}`);
      try {
        await fillSnapshot(databaseUrl(admin, building), kind);
        await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      } catch (error) {
        await client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
        throw error;
      }
      await client.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
      // Templates of code that has changed since: their names end in the day they were made.
      const old = await client.query<{ datname: string }>(
        "SELECT datname FROM pg_database WHERE datname LIKE 'bt\\_tmpl\\_%' AND datname <> $1",
        [name],
      );
      const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000)
        .toISOString()
        .slice(0, 10)
        .replaceAll('-', '');
      for (const { datname } of old.rows) {
        const day = /_(\d{8})_/.exec(datname)?.[1];
        if (!day || day >= yesterday) continue;
        await client.query(`ALTER DATABASE ${datname} WITH IS_TEMPLATE false`);
        await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      }
      return name;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [lockKey]);
    }
  });
}

async function freshPostgres(
  admin: string,
  kind: SnapshotKind | null,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bt_test_${randomBytes(6).toString('hex')}`;
  const template = kind ? await postgresTemplate(admin, kind) : null;
  await withAdmin(admin, (client) =>
    client.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`),
  );
  return {
    url: databaseUrl(admin, name),
    drop: () =>
      withAdmin(admin, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(
        () => {},
      ),
  };
}

/** A fresh database of its own for one suite: a new PGlite or a new PG database. */
async function freshDatabaseUrl(
  admin: string | null,
  kind: SnapshotKind | null,
): Promise<{ url: string; drop(): Promise<void> }> {
  return admin ? freshPostgres(admin, kind) : freshPglite(kind);
}

const TEST_ENV = {
  JWT_SECRET: 'test-secret-that-is-long-enough-123',
  STATIC_DIR: '',
  DEMO_SSO: 'true',
};

/**
 * The suite's own database, migrated and seeded as buildApp would (a snapshot where one
 * fits: buildApp then finds the migrations applied and the seed done, and adds nothing).
 */
export async function startTestApp(
  admin: string | null,
  env: Record<string, string> = {},
  options: { seed?: boolean } = {},
): Promise<TestApp> {
  const seedKind = loadConfig({ DATABASE_URL: 'memory://', ...TEST_ENV, ...env }).seed;
  const kind: SnapshotKind | null = !SNAPSHOTS_ON
    ? null
    : options.seed === false || seedKind === 'none'
      ? 'empty'
      : seedKind === 'demo'
        ? 'demo'
        : null;
  const database = await freshDatabaseUrl(admin, kind);
  const config = loadConfig({
    DATABASE_URL: database.url,
    ...TEST_ENV,
    ...env,
  });
  const app = await buildApp(config, options);
  return {
    app,
    config,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

export async function demoToken(app: App, userName: string, ttlS?: number): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/auth/demo-token', payload: { userName, ttlS } });
  if (response.statusCode !== 200)
    throw new Error(`demo-token ${userName}: ${response.statusCode} ${response.body}`);
  return response.json<{ token: string }>().token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Listens on a free local port for real clients (the SignalR client, fetch). The Node SignalR
 * client's HTTP agent leaves sockets that never send a request; they would hold `close()`
 * until Node's headers timeout, so `destroySockets` drops them before closing.
 */
export async function listenForClients(test: TestApp): Promise<{ baseUrl: string; destroySockets(): void }> {
  const sockets = new Set<Socket>();
  await test.app.listen({ port: 0, host: '127.0.0.1' });
  test.app.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const address = test.app.server.address();
  if (!address || typeof address === 'string') throw new Error('the test server has no port');
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    destroySockets: () => sockets.forEach((socket) => socket.destroy()),
  };
}

/** The user id (`sub`) a token was issued for. */
export const userIdOf = (token: string): string =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string }).sub;

type Db = App['db'];

/** The organizations a demo user is a member of. */
export const organizationsOf = async (db: Db, userName: string): Promise<string[]> =>
  (
    await db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select('m.organization_id')
      .where('u.user_name', '=', userName)
      .execute()
  ).map((m) => m.organization_id);

/** The seeded questions in catalogue order (screening first), as src/domain reads them. */
export const catalogueQuestions = async (db: Db): Promise<QuestionDef[]> =>
  (
    await db
      .selectFrom('questions')
      .select('definition')
      .orderBy('kind', 'desc')
      .orderBy('position')
      .execute()
  ).map((q) => q.definition as QuestionDef);

/** Residences of the organization with no assessment at all, in id order. */
export const residencesWithoutAssessment = async (
  db: Db,
  organizationId: string,
  { converted = false, limit }: { converted?: boolean; limit?: number } = {},
): Promise<string[]> => {
  let query = db
    .selectFrom('residences as r')
    .select('r.id')
    .where('r.organization_id', '=', organizationId)
    .where('r.is_converted', '=', converted)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('assessments as a').select('a.id').whereRef('a.residence_id', '=', 'r.id'))),
    )
    .orderBy('r.id');
  if (limit !== undefined) query = query.limit(limit);
  return (await query.execute()).map((r) => r.id);
};

/** The tables a seed fills. */
const SEEDED_TABLES = [
  'organizations',
  'users',
  'memberships',
  'departments',
  'residences',
  'chapters',
  'questions',
  'question_options',
  'assessments',
  'answers',
] as const;

/** A hash of every seeded row, in no particular order: equal for equal data. */
export async function seedFingerprint(db: Db): Promise<string> {
  const hash = createHash('sha256');
  for (const table of SEEDED_TABLES) {
    const rows = await db.selectFrom(table).selectAll().execute();
    const lines = rows.map((row) => JSON.stringify(row)).sort();
    hash.update(`${table}:${lines.join('\n')}`);
  }
  return hash.digest('hex');
}
