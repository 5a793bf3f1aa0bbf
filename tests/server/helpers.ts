import type { Socket } from 'node:net';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App, type BuildOptions } from '../../server/src/app';
import { createDatabase } from '../../server/src/db/client';
import { migrateToLatest } from '../../server/src/db/migrate';
import { seedDemoData } from '../../server/src/db/seed';
import { loadConfig, type Config } from '../../server/src/config';

/**
 * The databases the server suites run on: always PGlite, and a real PostgreSQL server when
 * TEST_DATABASE_URL points at one (.ci/run starts one; see README).
 */
export const DATABASES: { name: string; admin: string | null }[] = [
  { name: 'PGlite', admin: null },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: 'PostgreSQL server', admin: process.env.TEST_DATABASE_URL }]
    : []),
];

/**
 * For the suites whose subject is not the database (the HTTP conventions, the request log, the
 * service message, a retention rule): one run, on PGlite. The suites where the database
 * matters (concurrency, locks, sorting, planner counts, triggers, the job queue) run on every
 * one of DATABASES (docs/architecture.md 6 "Tests").
 */
export const PGLITE_ONLY: typeof DATABASES = [DATABASES[0]!];

export interface TestApp {
  app: App;
  config: Config;
  close(): Promise<void>;
}

/*
 * Seeded database snapshots. Migrating and seeding the demo data costs seconds per suite (most
 * of a server suite's time on a busy two-core machine), and every suite starts from the same
 * rows. So each kind of start (demo data, or migrated and empty) is built once per run and
 * copied per suite: a PGlite data directory in the run's directory (in RAM where /dev/shm
 * exists) copied file by file, a PostgreSQL template database cloned with CREATE DATABASE …
 * TEMPLATE. The run's directory and id come from tests/server/db-snapshots.setup.ts, which
 * removes both when the run ends, so a snapshot never outlives the code that built it.
 * Two workers that need a snapshot at once may both build it: each builds under a name of
 * its own and renames it into place, and the one that finds it taken drops its own; no lock
 * can be left behind. TEST_DB_SNAPSHOTS=off migrates and seeds every suite afresh (in
 * memory), as a check that the snapshots change nothing.
 */
type SnapshotKind = 'demo' | 'empty';

const SNAPSHOTS_ON = process.env.TEST_DB_SNAPSHOTS !== 'off';

async function fillSnapshot(databaseUrl: string, kind: SnapshotKind): Promise<void> {
  const db = createDatabase(databaseUrl);
  try {
    await migrateToLatest(db);
    if (kind === 'demo') await seedDemoData(db);
  } finally {
    await db.destroy();
  }
}

/** This worker's builds, so that two suites in one worker never build the same snapshot twice. */
const builds = new Map<string, Promise<string>>();
const once = (key: string, build: () => Promise<string>) => {
  let done = builds.get(key);
  if (!done) {
    done = build();
    builds.set(key, done);
    done.catch(() => builds.delete(key));
  }
  return done;
};

/** The directory of the run's PGlite snapshot of `kind`, built by the first suite that needs it. */
function pgliteSnapshot(kind: SnapshotKind): Promise<string> {
  const { dir: runDir } = inject('dbSnapshotRun');
  const dir = join(runDir, kind);
  return once(dir, async () => {
    if (existsSync(dir)) return dir;
    const building = mkdtempSync(join(runDir, `${kind}.build-`));
    try {
      await fillSnapshot(building, kind);
      renameSync(building, dir);
    } catch (error) {
      rmSync(building, { recursive: true, force: true });
      // Another worker renamed its build into place first (ENOTEMPTY): that one serves.
      if (!existsSync(dir)) throw error;
    }
    return dir;
  });
}

async function freshPglite(kind: SnapshotKind | null): Promise<{ url: string; drop(): Promise<void> }> {
  if (!kind) return { url: 'memory://', drop: async () => {} };
  const snapshot = await pgliteSnapshot(kind);
  const copy = mkdtempSync(join(inject('dbSnapshotRun').dir, 'suite-'));
  cpSync(snapshot, copy, { recursive: true });
  return { url: copy, drop: async () => rmSync(copy, { recursive: true, force: true }) };
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
 * The run's template database of `kind`, built by the first suite that needs it under a name
 * of its own and renamed into place complete. Nobody connects to it (ALLOW_CONNECTIONS
 * false): CREATE DATABASE … TEMPLATE refuses a template with connections.
 */
function postgresTemplate(admin: string, kind: SnapshotKind): Promise<string> {
  const name = `bt_tmpl_${inject('dbSnapshotRun').id}_${kind}`;
  return once(name, () =>
    withAdmin(admin, async (client) => {
      const exists = async () =>
        (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
      if (await exists()) return name;
      const building = `bt_build_${randomBytes(6).toString('hex')}`;
      await client.query(`CREATE DATABASE ${building}`);
      try {
        await fillSnapshot(databaseUrl(admin, building), kind);
        await client.query(`ALTER DATABASE ${building} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
        await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      } catch (error) {
        await client.query(`ALTER DATABASE ${building} WITH IS_TEMPLATE false`).catch(() => {});
        await client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
        // Another worker renamed its template into place first: that one serves.
        if (!(await exists())) throw error;
      }
      return name;
    }),
  );
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
  // Suites sign in far more often than a person; tests/server/rate-limits.test.ts sets its own.
  RATE_LIMIT_SIGN_IN_PER_MINUTE: '100000',
};

/**
 * The suite's own database, migrated and seeded as buildApp would (a snapshot where one
 * fits: buildApp then finds the migrations applied and the seed done, and adds nothing).
 */
export async function startTestApp(
  admin: string | null,
  env: Record<string, string> = {},
  options: Pick<BuildOptions, 'seed' | 'logger' | 'logStream'> = {},
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
  let app: App;
  try {
    app = await buildApp(config, options);
  } catch (error) {
    await database.drop();
    throw error;
  }
  return {
    app,
    config,
    async close() {
      try {
        await app.close();
      } finally {
        await database.drop();
      }
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
export const organizationsOf = async (db: Db, userName: string): Promise<string[]> => {
  const ids = (
    await db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select('m.organization_id')
      .where('u.user_name', '=', userName)
      .execute()
  ).map((m) => m.organization_id);
  if (ids.length === 0) throw new Error(`${userName} is a member of no organization`);
  return ids;
};

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
  const ids = (await query.execute()).map((r) => r.id);
  // A test that asks for n needs n: fewer would surface later as a confusing 400 or 404.
  if (limit !== undefined && ids.length < limit)
    throw new Error(`only ${ids.length} of ${limit} residences without an assessment in ${organizationId}`);
  return ids;
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
