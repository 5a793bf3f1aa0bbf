import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
  type FastifyRequest,
} from 'fastify';

/**
 * What the server logs (docs/performance.md "The API under load" and "Logs"). Fastify logs two
 * lines per request by default, each with the request's host and socket; under load that costs
 * about as much as answering a small request. Here: one short line per answered request,
 * written when the answer is sent, and none at all when the level is above `info`. No line
 * ever holds a token: URLs are redacted and headers are not logged.
 */

/**
 * Query parameters that carry secrets: the sign-in's `token` (/loginCallback), the hub's
 * `access_token` and connection token `id`, and an OpenID Connect callback's `code`, `state`
 * and `id_token`.
 */
const SECRET_PARAMS = /([?&](?:token|access_token|id|code|state|id_token|session_state)=)[^&#]*/gi;
/**
 * A JWT anywhere else in a URL: three base64url parts joined by dots, the first a JSON object
 * ("eyJ"). Each maximal run of base64url characters and dots is looked at once, and from its
 * first "eyJ" on it is redacted when two dots follow; so the work is linear in the URL's length
 * (a backtracking pattern held the event loop for a quarter of a second on 15 KB of "eyJeyJ…",
 * docs/architecture.md 4 "Logs"), and a token is caught whatever stands before it: `%3D` of an
 * encoded parameter, or junk such as `eyJa.b.` glued to its front.
 */
const RUN = /[\w.-]+/g;

function redactJwt(run: string): string {
  const start = run.indexOf('eyJ');
  if (start < 0) return run;
  const dot = run.indexOf('.', start);
  if (dot < 0 || run.indexOf('.', dot + 1) < 0) return run;
  return `${run.slice(0, start)}[redacted]`;
}

/**
 * The URL as a log may hold it. Most URLs hold no JWT, and many no parameter, and the two
 * patterns' scans were 3.5 % of `userinfo`'s profile (docs/performance.md "Logs"): a
 * parameter's value needs an "=" and a JWT an "eyJ", so each scan runs only where its mark is.
 */
export function redactUrl(url: string): string {
  const withoutParams = url.includes('=') ? url.replace(SECRET_PARAMS, '$1[redacted]') : url;
  return withoutParams.includes('eyJ') ? withoutParams.replace(RUN, redactJwt) : withoutParams;
}

/** A request id from the proxy in front (X-Request-Id), else a new one: the same in every line. */
export const REQUEST_ID_HEADER = 'x-request-id';
const REQUEST_ID = /^[\w.:-]{1,128}$/;

export function requestId(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** Fastify's logger options, pino's among them (redact). */
type LoggerOptions = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>;

/** Fastify's `logger` option; errors keep a request summary without secrets. */
export function loggerOptions(level: string): LoggerOptions & { level: string } {
  return {
    level,
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    // Whatever a handler logs of its own: an Authorization header or a cookie never goes out.
    redact: {
      paths: [
        'headers.authorization',
        'headers.cookie',
        'req.headers.authorization',
        'req.headers.cookie',
        'request.headers.authorization',
        'request.headers.cookie',
      ],
      censor: '[redacted]',
    },
  };
}

/** With loggerOptions: Fastify's own two lines per request are replaced by registerRequestLog. */
export const quietRequestLogController = (): LogController =>
  new LogController({ disableRequestLogging: true });

const LEVELS_ABOVE_INFO = new Set(['warn', 'error', 'fatal', 'silent']);

/** Whether answered requests are logged: at `info` and below. */
export const logsRequests = (app: FastifyInstance): boolean => !LEVELS_ABOVE_INFO.has(app.log.level);

/** The fields of an answered request's line (with the request id Fastify's child logger adds). */
export function requestLogFields(method: string, url: string, statusCode: number, elapsedMs: number) {
  return { method, url: redactUrl(url), statusCode, ms: Math.round(elapsedMs * 10) / 10 };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A file of the build (http/static-app.ts): its answers are logged at `debug`. */
    appFile?: boolean;
  }
}

/**
 * One line per answered request at `info`: method, path (secrets redacted), status, time, and
 * (from Fastify) the request id, which the answer carries as X-Request-Id. The build's files
 * are the exception, at `debug`: they are most of the requests and tell an operator little
 * (the metrics count them by file and status), and a line costs a small answer a fifth of its
 * time (docs/operations.md "Logs"). A client route's page (index.html by the not-found
 * handler) is a visit and stays at `info`.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  if (!logsRequests(app)) return;
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const fields = requestLogFields(request.method, request.url, reply.statusCode, reply.elapsedTime);
    if (request.routeOptions.config.appFile) request.log.debug(fields, 'request');
    else request.log.info(fields, 'request');
    done();
  });
}
