import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Metrics } from './metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's metrics (docs/operations.md "Metrics"); routes count their outcomes here. */
    metrics: Metrics;
  }
}

/** The path Prometheus scrapes, on either way of reaching it. */
export const METRICS_PATH = '/metrics';

function sameToken(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * Counts every request by its route pattern, status and latency, and answers `/metrics` only
 * where the operator asked (never to the public by default): on METRICS_PORT, a listener of its
 * own opened with the API's and closed with it, and/or on the API's port to METRICS_TOKEN.
 * Registered before the routes, so that the hook sees every one of them.
 */
export function registerMetrics(app: FastifyInstance, config: Config, metrics: Metrics): void {
  app.decorate('metrics', metrics);
  // A callback, not an async function: every request runs it, and a promise per request is a
  // measurable part of the cheapest answers (docs/performance.md "The API under load").
  app.addHook('onResponse', (request, reply, done) => {
    metrics.httpRequests.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });

  const { token, port } = config.metrics;
  if (token !== null) {
    app.get(METRICS_PATH, async (request, reply) => {
      if (!sameToken(request.headers.authorization, token))
        return reply
          .code(401)
          .send({ message: 'A valid metrics token is required', code: 'METRICS_TOKEN_REQUIRED' });
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    });
  }
  if (port !== null) serveOnPort(app, config.host, port, metrics);
}

/** `/metrics` on a port of its own, for a scraper inside the network; anything else is 404. */
function serveOnPort(app: FastifyInstance, host: string, port: number, metrics: Metrics): void {
  let server: Server | null = null;
  app.addHook('onListen', async () => {
    server = createServer((request, response) => {
      if (request.method !== 'GET' || request.url?.split('?')[0] !== METRICS_PATH) {
        response.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}');
        return;
      }
      metrics.registry.metrics().then(
        (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
        (error: unknown) => {
          app.log.error({ err: error }, 'collecting metrics');
          response.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"Metrics failed"}');
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(port, host, () => resolve());
    });
    app.log.info(`metrics on http://${host}:${port}${METRICS_PATH}`);
  });
  app.addHook('onClose', async () => {
    const closing = server;
    if (!closing) return;
    closing.closeAllConnections();
    await new Promise<void>((resolve) => closing.close(() => resolve()));
  });
}
