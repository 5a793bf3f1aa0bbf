import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import { HealthStatus, NotReady } from '../../../shared/contract/health';
import { pendingMigrations } from '../db/migrate';
import type { Database } from '../db/schema';

/**
 * For a load balancer or an orchestrator (docs/api.md "Health"): `/healthz` says the process
 * answers; `/readyz` says it should get traffic: the database answers in time, every migration
 * this code knows is applied, and the server is not shutting down. Neither needs a token, and
 * neither is written to the request log at `info` (a probe every few seconds would drown it).
 */

const READY_TIMEOUT_MS = 2_000;

export interface HealthOptions {
  db: Kysely<Database>;
  /** True from the first moment of a graceful stop (docs/architecture.md 4 "Shutdown and operations"). */
  shuttingDown: () => boolean;
}

export const healthRoutes: FastifyPluginAsyncTypebox<HealthOptions> = async (app, deps) => {
  app.get('/healthz', { logLevel: 'warn', schema: { response: { 200: HealthStatus } } }, async () => ({
    status: 'ok',
  }));

  app.get(
    '/readyz',
    { logLevel: 'warn', schema: { response: { 200: HealthStatus, 503: NotReady } } },
    async (request, reply) => {
      if (deps.shuttingDown()) return reply.status(503).send({ status: 'shutting down' });
      let timer: NodeJS.Timeout | undefined;
      try {
        const pending = await Promise.race([
          pendingMigrations(deps.db),
          new Promise<never>((_, reject) => {
            timer = setTimeout(
              () => reject(new Error('the database did not answer in time')),
              READY_TIMEOUT_MS,
            );
          }),
        ]);
        if (pending.length > 0)
          return reply.status(503).send({ status: 'migrations pending', migrations: pending });
        return { status: 'ready' };
      } catch (error) {
        // The database's own words (host names, users, SQL) go to the log, never to whoever asks
        // (docs/api.md "Health"): the probe needs the status only.
        request.log.warn({ err: error }, 'readyz: database unavailable');
        return reply.status(503).send({ status: 'database unavailable' });
      } finally {
        clearTimeout(timer);
      }
    },
  );
};
