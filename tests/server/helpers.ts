import type { Socket } from 'node:net';
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp, type App } from '../../server/src/app';
import { loadConfig, type Config } from '../../server/src/config';
import type { QuestionDef } from '../../src/domain/catalogue';

/**
 * The databases the server suites run on: always an in-memory PGlite, and a real PostgreSQL
 * server when TEST_DATABASE_URL points at one (.ci/run starts one; see README).
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

/** A fresh database of its own for one suite: a new in-memory PGlite or a new PG database. */
async function freshDatabaseUrl(admin: string | null): Promise<{ url: string; drop(): Promise<void> }> {
  if (!admin) return { url: 'memory://', drop: async () => {} };
  const name = `bt_test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function startTestApp(
  admin: string | null,
  env: Record<string, string> = {},
  options: { seed?: boolean } = {},
): Promise<TestApp> {
  const database = await freshDatabaseUrl(admin);
  const config = loadConfig({
    DATABASE_URL: database.url,
    JWT_SECRET: 'test-secret-that-is-long-enough-123',
    STATIC_DIR: '',
    DEMO_SSO: 'true',
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
