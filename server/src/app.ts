import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ErrorBody } from '../../shared/contract/errors';
import { TOTAL_COUNT_HEADER } from '../../shared/rules/search-total';
import { registerDemoSso } from './auth/demo-sso';
import { registerOidcSignIn } from './auth/oidc';
import { PRUNE_EVERY_MS, schedulePruning } from './jobs/prune-idempotency-keys';
import { createGuards } from './auth/guard';
import { createSessionStore } from './auth/sessions';
import { createTokenService } from './auth/tokens';
import { isPostgresUrl, type Config } from './config';
import { createDatabase } from './db/client';
import { migrateToLatest } from './db/migrate';
import type { Database } from './db/schema';
import { seedDatabase } from './db/seed';
import { HttpError } from './errors';
import { registerCompression } from './http/compression';
import { registerRateLimits } from './http/rate-limits';
import { registerSecurityHeaders } from './http/security-headers';
import { registerNotFound, registerStaticApp } from './http/static-app';
import { createInProcessJobEvents, createPgJobEvents, type JobEvents } from './jobs/job-events';
import { startJobWorker, type JobWorker } from './jobs/worker';
import { registerHub, type HubTimings } from './hub';
import { createJobAudience } from './hub/job-audience';
import { pruneFinishedJobs } from './jobs/prune-finished-jobs';
import { answerRouterRefusal } from './http/router-refusals';
import { loggerOptions, quietRequestLogController, registerRequestLog, requestId } from './logging';
import { createStaticContentCache } from './content/static-content-cache';
import { apiRoutes } from './routes/api';
import { contentRoutes } from './routes/content';
import { healthRoutes } from './routes/health';
import type { RouteDeps } from './routes/deps';
import { logoutRoutes } from './routes/logout';
import { validatorCompiler } from './validation';

export interface BuildOptions {
  /** Seed the demo data into an empty database (default true). */
  seed?: boolean;
  /** Fastify logging; off in tests. */
  logger?: boolean;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: NodeJS.WritableStream;
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
  const db = createDatabase(config.databaseUrl, undefined, {
    poolSize: config.databasePoolSize,
    statementTimeoutMs: config.statementTimeoutMs,
  });
  await migrateToLatest(db);
  if (options.seed ?? true) await seedDatabase(db, config.seed);

  const app: App = Fastify({
    logger: options.logger
      ? { ...loggerOptions(config.logLevel), ...(options.logStream && { stream: options.logStream }) }
      : false,
    logController: quietRequestLogController(),
    genReqId: requestId,
    bodyLimit: 256 * 1024,
    trustProxy: config.trustProxy,
    frameworkErrors: answerRouterRefusal,
  });
  registerRequestLog(app);
  if (config.trustProxy === true) {
    // Every client may write X-Forwarded-For itself: with `true` the address the limits count
    // by is the client's own claim (README "Environment variables").
    app.log.warn(
      'TRUST_PROXY=true believes X-Forwarded-For from anyone: give the proxy hop count (TRUST_PROXY=1) or its addresses instead',
    );
  }
  app.setValidatorCompiler(validatorCompiler);
  app.decorate('db', db);
  app.decorateRequest('user', null);
  // In one process events travel in memory; a PostgreSQL server fans them out to every process.
  const jobEvents = isPostgresUrl(config.databaseUrl)
    ? await createPgJobEvents({
        connectionString: config.databaseUrl,
        onError: (error) => app.log.error({ err: error }, 'job progress channel'),
      })
    : createInProcessJobEvents();
  app.decorate('jobEvents', jobEvents);
  let jobWorker: JobWorker | null = null;
  // From the first moment of a shutdown readiness fails, so a load balancer sends no more.
  let shuttingDown = false;
  app.addHook('preClose', async () => {
    shuttingDown = true;
  });
  let stopPruning: (() => void) | null = null;
  app.addHook('onClose', async () => {
    stopPruning?.();
    await jobWorker?.stop();
    await jobEvents.close();
    await db.destroy();
  });

  const sessions = createSessionStore(db);
  const tokens = createTokenService(config.jwtSecret, config.tokenTtlS, config.sessionMaxAgeS, sessions);
  const guards = createGuards(db, tokens);
  const deps: RouteDeps = { db, tokens, guards, sessions, config };

  if (config.appUrl) {
    // The PWA on another origin (VITE_API_BASE_URL) must be able to read the renewed token,
    // and the search's total (X-Total-Count, docs/api.md).
    // Methods: the API's GET and POST, and the DELETE that ends a long-polling hub connection
    // (docs/api.md "The hub"); @fastify/cors allows only GET, HEAD and POST by default.
    await app.register(cors, {
      origin: new URL(config.appUrl).origin,
      methods: ['GET', 'HEAD', 'POST', 'DELETE'],
      credentials: true,
      exposedHeaders: ['Set-Authorization', 'Retry-After', TOTAL_COUNT_HEADER],
    });
  }
  await registerSecurityHeaders(app, {
    staticDir: config.staticDir,
    appUrl: config.appUrl,
    helpImageOrigins: config.helpImageOrigins,
  });
  await registerRateLimits(app, config.rateLimits, tokens);
  await app.register(formbody);
  // Before any route: the compression attaches itself to each route as it is added.
  await registerCompression(app);

  // Sliding renewal: every authenticated response carries a fresh token (docs/architecture.md 4).
  // And no shared cache or the browser's HTTP cache keeps an answer that belongs to one user
  // (docs/architecture.md 4 "Security headers"): `private, no-store`, or `private, no-cache`
  // where an ETag lets the app revalidate.
  app.addHook('onSend', async (request, reply) => {
    if (request.user) {
      if (!reply.hasHeader('cache-control')) {
        reply.header('cache-control', reply.hasHeader('etag') ? 'private, no-cache' : 'private, no-store');
      }
      // The same lifetime again, from now: a short-lived token stays short-lived.
      // The same sign-in too: no renewal outlives the session's absolute limit.
      const { id, ssoUuid, tokenTtlS, authTime, sessionId } = request.user;
      reply.header(
        'Set-Authorization',
        await tokens.sign(
          { id, sso_uuid: ssoUuid, ...(sessionId && { sid: sessionId }) },
          tokenTtlS,
          authTime,
        ),
      );
    }
  });

  // Every error answer is the contract's ErrorBody (docs/api.md "Conventions").
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const send = (status: number, body: ErrorBody) => reply.status(status).send(body);
    if (error instanceof HttpError) {
      return send(error.statusCode, { ...error.details, message: error.message, code: error.code });
    }
    if (error.validation) return send(400, { message: error.message, code: 'BAD_REQUEST' });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own refusals carry its FST_ codes (a body over the limit, a content type it
      // cannot parse); shared/contract/errors.ts.
      return send(status, {
        message: error.message,
        code: (error.code as ErrorBody['code'] | undefined) ?? 'BAD_REQUEST',
      });
    }
    request.log.error(error);
    return send(500, { message: 'Internal server error', code: 'INTERNAL' });
  });

  // The sign-on first: a hook it adds to the root (OpenID Connect's cookies) reaches the route
  // scopes registered after it, as it did when every route was the root's.
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
  await app.register(healthRoutes, { db, shuttingDown: () => shuttingDown });
  app.decorate('staticContent', createStaticContentCache(db, { serviceMessage: config.serviceMessage }));
  await app.register(contentRoutes, { staticContent: app.staticContent });
  await app.register(logoutRoutes, deps);
  // Every other API route needs a token: one scope whose hook authenticates (routes/api.ts).
  await app.register(apiRoutes, { ...deps, onJobQueued: () => jobWorker?.wake(), jobEvents });
  await registerHub(app, {
    guards,
    tokens,
    jobEvents,
    audience: createJobAudience(db),
    sessionIsLive: (sessionId) => sessions.isLive(sessionId),
    allowedOrigins: config.appUrl ? [new URL(config.appUrl).origin] : [],
    timings: options.hub,
  });

  registerNotFound(app, await registerStaticApp(app, config.staticDir));

  await app.ready();
  if (options.jobWorker ?? config.jobWorker) {
    jobWorker = startJobWorker(db, {
      jobEvents,
      pollMs: config.jobPollMs,
      onError: (error, context) => app.log.error({ err: error }, context),
    });
    // The processes that do background work also forget old idempotency keys, and sessions
    // signed in longer ago than any of their tokens can live (an hour's margin for clocks).
    const stopKeys = schedulePruning(db, config.idempotencyKeyRetentionDays, (error) =>
      app.log.error({ err: error }, 'pruning idempotency keys'),
    );
    const pruneSessions = () => {
      void sessions
        .prune(config.sessionMaxAgeS + 3600)
        .catch((error: unknown) => app.log.error({ err: error }, 'pruning sessions'));
      // And finished jobs past their retention, with their items.
      void pruneFinishedJobs(db, config.jobRetentionDays).catch((error: unknown) =>
        app.log.error({ err: error }, 'pruning finished jobs'),
      );
    };
    pruneSessions();
    const sessionTimer = setInterval(pruneSessions, PRUNE_EVERY_MS);
    sessionTimer.unref();
    stopPruning = () => {
      stopKeys();
      clearInterval(sessionTimer);
    };
  }
  return app;
}
