import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { REQUEST_ID_HEADER, requestId, requestLogFields } from '../logging';
import { chooseRepresentation, type ServedBody } from './precompressed-body';
import { HSTS, securityHeadersFor } from './security-headers';
import type { StaticFile } from './static-files';

/**
 * The build's files answered in front of Fastify (docs/performance.md "The static front"). A
 * small answer that passes through Fastify costs some 50 µs of CPU, of which Fastify's own
 * routing, request, reply and hook machinery is about 20 and the hooks every request meets
 * about 14; Node's `http` server sends the same bytes and headers for 18. The app's files are
 * the most frequent answers and need none of that: no token, no limit, no body to parse.
 *
 * So a GET or HEAD of a file of the build is answered here, exactly as the file's Fastify route
 * would answer it: the same representation, ETag and 304 (chooseRepresentation), the same
 * security headers (the sets security-headers.ts decorates the app with), the request id, the
 * request's metrics and its log line (at `debug`). Everything else goes on to Fastify, and so does a file
 * whenever this path could answer differently:
 *   - while the server shuts down (Fastify then closes the connection);
 *   - when the API allows another origin (APP_URL): @fastify/cors decides those headers;
 *   - when a trusted proxy may have said the request came over HTTPS (TRUST_PROXY and
 *     X-Forwarded-Proto): Fastify's `request.protocol` decides HSTS;
 *   - for a text file without twins, until its first compression is done.
 * The Fastify routes stay: they answer those cases and `app.inject`.
 */

type Answer = (request: IncomingMessage, response: ServerResponse) => boolean;

export interface StaticFrontOptions {
  /** The build's files by URL path, `/` being index.html. */
  files: ReadonlyMap<string, StaticFile>;
  /** Whether the server is shutting down. */
  closing: () => boolean;
  /** CORS is on (APP_URL). */
  crossOrigin: boolean;
  /** TRUST_PROXY is set: X-Forwarded-Proto may be believed. */
  trustsProxy: boolean;
}

/** A body that is ready now; a text file's first compression is still a promise. */
const ready = (body: ServedBody | Promise<ServedBody>): ServedBody | null =>
  body instanceof Promise ? null : body;

export function createStaticFront(app: FastifyInstance, options: StaticFrontOptions): Answer {
  const { files, closing, crossOrigin, trustsProxy } = options;
  const sets = app.securityHeaders;
  const metrics = app.metrics;
  const logsFiles = app.log.level === 'debug' || app.log.level === 'trace';
  return (request, response) => {
    const method = request.method;
    if ((method !== 'GET' && method !== 'HEAD') || crossOrigin || closing()) return false;
    if (trustsProxy && request.headers['x-forwarded-proto'] !== undefined) return false;
    const url = request.url ?? '/';
    const query = url.indexOf('?');
    const route = query < 0 ? url : url.slice(0, query);
    const file = files.get(route);
    const body = file ? ready(file.body()) : null;
    if (!file || !body) return false;

    const started = performance.now();
    const chosen = chooseRepresentation(
      body,
      request.headers['accept-encoding'],
      request.headers['if-none-match'],
    );
    const status = chosen.notModified ? 304 : 200;
    const headers: Record<string, string | number> = {
      [REQUEST_ID_HEADER]: requestId(request),
      'cache-control': file.cacheControl,
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
    // At `debug`, as the files' routes log (logging.ts registerRequestLog).
    if (logsFiles) {
      const fields = requestLogFields(method, url, status, elapsedMs);
      app.log.debug({ reqId: headers[REQUEST_ID_HEADER], ...fields }, 'request');
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
