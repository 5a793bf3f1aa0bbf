import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { logsRequests, REQUEST_ID_HEADER, requestId, requestLogFields } from '../logging';
import { chooseRepresentation, type ServedBody } from './precompressed-body';
import { HSTS, securityHeadersFor } from './security-headers';
import type { StaticFile } from './static-files';

/**
 * The answers held in memory, given in front of Fastify (docs/performance.md "The static
 * front"). A small answer that passes through Fastify costs some 50 µs of CPU, of which
 * Fastify's own routing, request, reply and hook machinery is about 20 and the hooks every
 * request meets about 14; Node's `http` server sends the same bytes and headers for 18. The
 * app's files and `staticcontent` are the most frequent answers and need none of that: no
 * token, no body to parse, bytes that are ready. They count against no rate limit either
 * (docs/architecture.md "Rate limits"): sending them costs less than counting them.
 *
 * So a GET or HEAD of one of them is answered here, exactly as its Fastify route would answer
 * it: the same representation, ETag and 304 (chooseRepresentation), the same security headers
 * (the sets security-headers.ts decorates the app with), the request id, the request's metrics
 * and its log line (at the route's level). Everything else goes on to Fastify, and so does one
 * of these whenever this path could answer differently:
 *   - while the server shuts down (Fastify then closes the connection);
 *   - when the API allows another origin (APP_URL): @fastify/cors decides those headers;
 *   - when a trusted proxy may have said the request came over HTTPS (TRUST_PROXY and
 *     X-Forwarded-Proto): Fastify's `request.protocol` decides HSTS;
 *   - while its body is not ready: a text file without twins until its first compression is
 *     done, `staticcontent` until it is first built.
 * The Fastify routes stay: they answer those cases and `app.inject`.
 */

type Answer = (request: IncomingMessage, response: ServerResponse) => boolean;

/** One answer the front gives, as its Fastify route gives it. */
export interface FrontAnswer {
  cacheControl: string;
  /** The body to send now, or null while it is not ready (the route then answers). */
  ready(): ServedBody | null;
  /** The level its route logs its requests at (logging.ts registerRequestLog). */
  logLevel: 'debug' | 'info';
}

/** A file of the build as the front answers it: its route logs it at `debug`. */
export function fileAnswer(file: StaticFile): FrontAnswer {
  return {
    cacheControl: file.cacheControl,
    ready() {
      const body = file.body();
      // A text file's first compression is still a promise.
      return body instanceof Promise ? null : body;
    },
    logLevel: 'debug',
  };
}

export interface StaticFrontOptions {
  /** The answers by URL path: the build's files (`/` being index.html) and `staticcontent`. */
  answers: ReadonlyMap<string, FrontAnswer>;
  /** Whether the server is shutting down. */
  closing: () => boolean;
  /** CORS is on (APP_URL). */
  crossOrigin: boolean;
  /** TRUST_PROXY is set: X-Forwarded-Proto may be believed. */
  trustsProxy: boolean;
}

export function createStaticFront(app: FastifyInstance, options: StaticFrontOptions): Answer {
  const { answers, closing, crossOrigin, trustsProxy } = options;
  const sets = app.securityHeaders;
  const metrics = app.metrics;
  const logs = {
    debug: app.log.level === 'debug' || app.log.level === 'trace',
    info: logsRequests(app),
  };
  return (request, response) => {
    const method = request.method;
    if ((method !== 'GET' && method !== 'HEAD') || crossOrigin || closing()) return false;
    if (trustsProxy && request.headers['x-forwarded-proto'] !== undefined) return false;
    const url = request.url ?? '/';
    const query = url.indexOf('?');
    const route = query < 0 ? url : url.slice(0, query);
    const answer = answers.get(route);
    const body = answer ? answer.ready() : null;
    if (!answer || !body) return false;

    const started = performance.now();
    const chosen = chooseRepresentation(
      body,
      request.headers['accept-encoding'],
      request.headers['if-none-match'],
    );
    const status = chosen.notModified ? 304 : 200;
    const headers: Record<string, string | number> = {
      [REQUEST_ID_HEADER]: requestId(request),
      'cache-control': answer.cacheControl,
      vary: 'Accept-Encoding',
      etag: chosen.representation.etag,
    };
    if (!chosen.notModified) {
      headers['content-type'] = body.contentType;
      if (chosen.encoding !== 'identity') headers['content-encoding'] = chosen.encoding;
    }
    Object.assign(headers, securityHeadersFor(sets, status, body.contentType, url));
    if ((request.socket as { encrypted?: boolean }).encrypted) headers['strict-transport-security'] = HSTS;
    const bytes = chosen.notModified ? null : chosen.representation.bytes;
    if (bytes) headers['content-length'] = bytes.length;
    response.writeHead(status, headers);
    response.end(method === 'HEAD' ? undefined : (bytes ?? undefined));

    const elapsedMs = performance.now() - started;
    metrics.httpRequests.observe({ method, route, status: String(status) }, elapsedMs / 1000);
    if (logs[answer.logLevel]) {
      const fields = requestLogFields(method, url, status, elapsedMs);
      app.log[answer.logLevel]({ reqId: headers[REQUEST_ID_HEADER], ...fields }, 'request');
    }
    return true;
  };
}

/**
 * Puts `answer` in front of Fastify's own listener on the server's `request` event: a request
 * it answers never reaches Fastify. The server's settings (keep-alive, timeouts) stay Fastify's.
 */
export function installFront(app: FastifyInstance, answer: Answer): void {
  const listeners = app.server.listeners('request') as Array<
    (req: IncomingMessage, res: ServerResponse) => void
  >;
  if (listeners.length !== 1)
    throw new Error(`expected Fastify's one request listener, found ${listeners.length}`);
  const [fastify] = listeners;
  app.server.removeListener('request', fastify!);
  app.server.on(
    'request',
    function staticFrontThenFastify(request: IncomingMessage, response: ServerResponse) {
      if (!answer(request, response)) fastify!(request, response);
    },
  );
}
