import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { registerDemoSso } from './auth/demo-sso';
import { registerOidcSignIn } from './auth/oidc';
import { createGuards } from './auth/guard';
import { createSessionStore } from './auth/sessions';
import { createTokenService } from './auth/tokens';
import { isPostgresUrl, type Config } from './config';
import { createStaticContentCache } from './content/static-content-cache';
import { createDatabase } from './db/client';
import { migrateToLatest } from './db/migrate';
import type { Database } from './db/schema';
import { seedDatabase } from './db/seed';
import { registerErrorHandler } from './http/error-handler';
import { registerOpenApiRoute } from './http/openapi';
import { registerHttpPlugins } from './http/plugins';
import { createServer, type ServerOptions } from './http/server';
import { registerNotFound, registerStaticApp } from './http/static-app';
import { createStaticFront, fileAnswer, installFront } from './http/static-front';
import { registerTokenRenewal } from './http/token-renewal';
import { registerHub, type HubTimings } from './hub';
import { createMetrics } from './metrics/metrics';
import { registerMetrics } from './metrics/register-metrics';
import { createJobAudience } from './hub/job-audience';
import { startBackgroundWork, type BackgroundWork } from './jobs/background';
import { createInProcessJobEvents, createPgJobEvents, type JobEvents } from './jobs/job-events';
import { apiRoutes } from './routes/api';
import { contentRoutes, STATIC_CONTENT_URL, staticContentAnswer } from './routes/content';
import type { RouteDeps } from './routes/deps';
import { healthRoutes } from './routes/health';
import { logoutRoutes } from './routes/logout';

/** The server's options (http/server.ts: logging) and these. */
export interface BuildOptions extends ServerOptions {
  /** Seed the demo data into an empty database (default true). */
  seed?: boolean;
  /** Run the background job worker (default: config.jobWorker); tests run it by hand (runWorkerOnce). */
  jobWorker?: boolean;
  /** Hub timers and limits (tests shorten them). */
  hub?: Partial<HubTimings>;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    /** Job progress (docs/architecture.md 4 "Jobs"): the hub subscribes here. */
    jobEvents: JobEvents;
  }
}

/** The built app; tests reach its database and decorations through it. */
export type App = FastifyInstance;

/**
 * Builds the reference API (and the static PWA when it is built). Tests call this and use
 * `app.inject`; server/src/main.ts only starts it listening.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const db = await openDatabase(config, options.seed ?? true);
  const backgroundDb = openBackgroundPool(config, db);
  const app: App = createServer(config, options);
  app.decorate('db', db);
  const metrics = createMetrics(db, backgroundDb);
  registerMetrics(app, config, metrics);
  app.decorateRequest('user', null);
  const jobEvents = await createJobEvents(app, config);
  app.decorate('jobEvents', jobEvents);
  const lifecycle = trackLifecycle(app, [db, backgroundDb], jobEvents);

  const sessions = createSessionStore(db);
  const tokens = createTokenService(config.jwtSecret, config.tokenTtlS, config.sessionMaxAgeS, sessions);
  const guards = createGuards(db, tokens);
  const deps: RouteDeps = { db, tokens, guards, sessions, config };

  await registerHttpPlugins(app, config, tokens);
  registerTokenRenewal(app, tokens);
  registerErrorHandler(app);
  await registerRoutes(app, deps, {
    backgroundDb,
    jobEvents,
    hub: options.hub,
    shuttingDown: lifecycle.shuttingDown,
    onJobQueued: () => lifecycle.background?.wake(),
  });
  registerOpenApiRoute(app);
  const build = await registerStaticApp(app, config.staticDir);
  registerNotFound(app, build?.page ?? null);
  // The answers held in memory, given before Fastify (docs/performance.md "The static front").
  const answers = new Map([...(build?.files ?? [])].map(([url, file]) => [url, fileAnswer(file)]));
  answers.set(STATIC_CONTENT_URL, staticContentAnswer(app.staticContent));
  const front = createStaticFront(app, {
    answers,
    closing: lifecycle.shuttingDown,
    crossOrigin: Boolean(config.appUrl),
    trustsProxy: Boolean(config.trustProxy),
  });
  installFront(app, front);

  await app.ready();
  if (options.jobWorker ?? config.jobWorker) {
    lifecycle.background = startBackgroundWork(backgroundDb, {
      config,
      sessions,
      jobEvents,
      log: app.log,
      metrics,
    });
  }
  return app;
}

/** The database, migrated to the latest version and, when asked, seeded with the demo data. */
async function openDatabase(config: Config, seed: boolean): Promise<Kysely<Database>> {
  const db = createDatabase(config.databaseUrl, undefined, {
    poolSize: config.databasePoolSize,
    statementTimeoutMs: config.statementTimeoutMs,
  });
  await migrateToLatest(db);
  if (seed) await seedDatabase(db, config.seed);
  return db;
}

/** Connections of the background pool: the job worker, the pruning and the hub's checks. */
export const BACKGROUND_POOL_SIZE = 3;

/**
 * On PostgreSQL, a small pool of its own for the work no request waits for: the job worker,
 * the pruning, and the checks before each progress message of the hub. Under a burst of
 * requests the request pool has hundreds waiting (npm run bench:load: 127 at 300 assessors),
 * and a copy behind them slowed from 47 to 7 items a second and its messages arrived seconds
 * late (docs/performance.md "A country's morning"). PGlite is one connection: the same one.
 */
function openBackgroundPool(config: Config, db: Kysely<Database>): Kysely<Database> {
  if (!isPostgresUrl(config.databaseUrl)) return db;
  return createDatabase(config.databaseUrl, undefined, {
    poolSize: BACKGROUND_POOL_SIZE,
    statementTimeoutMs: config.statementTimeoutMs,
  });
}

/** In one process events travel in memory; a PostgreSQL server fans them out to every process. */
async function createJobEvents(app: App, config: Config): Promise<JobEvents> {
  return isPostgresUrl(config.databaseUrl)
    ? createPgJobEvents({
        connectionString: config.databaseUrl,
        onError: (error) => app.log.error({ err: error }, 'job progress channel'),
      })
    : createInProcessJobEvents();
}

interface Lifecycle {
  /** True from the first moment of a shutdown. */
  shuttingDown: () => boolean;
  /** The worker and the pruning, once started. */
  background: BackgroundWork | null;
}

/**
 * From the first moment of a shutdown readiness fails, so a load balancer sends no more; on
 * close the background work stops first, then the progress channel and the database.
 */
function trackLifecycle(app: App, databases: Kysely<Database>[], jobEvents: JobEvents): Lifecycle {
  let shuttingDown = false;
  const lifecycle: Lifecycle = { shuttingDown: () => shuttingDown, background: null };
  app.addHook('preClose', async () => {
    shuttingDown = true;
  });
  app.addHook('onClose', async () => {
    await lifecycle.background?.stop();
    await jobEvents.close();
    for (const db of new Set(databases)) await db.destroy();
  });
  return lifecycle;
}

/**
 * The sign-on, the public routes, the authenticated API and the hub (docs/api.md "Who may
 * call"). The sign-on first: a hook it adds to the root (OpenID Connect's cookies) reaches the
 * route scopes registered after it, as it did when every route was the root's.
 */
async function registerRoutes(
  app: App,
  deps: RouteDeps,
  extras: {
    backgroundDb: Kysely<Database>;
    jobEvents: JobEvents;
    hub: Partial<HubTimings> | undefined;
    shuttingDown: () => boolean;
    onJobQueued: () => void;
  },
): Promise<void> {
  const { db, tokens, guards, sessions, config } = deps;
  const { jobEvents } = extras;
  if (config.demoSso) registerDemoSso(app, { db, tokens, appUrl: config.appUrl });
  if (config.oidc)
    await registerOidcSignIn(app, {
      db,
      tokens,
      oidc: config.oidc,
      appUrl: config.appUrl,
      jwtSecret: config.jwtSecret,
    });
  // The public routes (docs/api.md "Endpoints at a glance"), outside the authenticated scope:
  // health for the probes, staticcontent for the sign-in screen and the offline app, and the
  // logout, which must work with an expired token. The sign-on pages and the hub, which checks
  // its tokens itself, are registered on their own.
  await app.register(healthRoutes, { db, shuttingDown: extras.shuttingDown });
  app.decorate('staticContent', createStaticContentCache(db, { serviceMessage: config.serviceMessage }));
  await app.register(contentRoutes, { staticContent: app.staticContent });
  await app.register(logoutRoutes, deps);
  // Every other API route needs a token: one scope whose hook authenticates (routes/api.ts).
  await app.register(apiRoutes, { ...deps, onJobQueued: extras.onJobQueued, jobEvents });
  await registerHub(app, {
    guards,
    tokens,
    jobEvents,
    audience: createJobAudience(extras.backgroundDb),
    sessionIsLive: (sessionId) => sessions.isLive(sessionId, extras.backgroundDb),
    allowedOrigins: config.appUrl ? [new URL(config.appUrl).origin] : [],
    timings: extras.hub,
  });
}
