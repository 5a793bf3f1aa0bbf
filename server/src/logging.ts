import {
  LogController,
  type FastifyInstance,
  type FastifyLoggerOptions,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { redactHubUrl } from './hub';

/**
 * What the server logs (docs/architecture.md "The API under load"). Fastify logs two lines
 * per request by default, each with the request's host and socket; under load that costs
 * about as much as answering a small request. Here: one short line per answered request,
 * written when the answer is sent, and none at all when the level is above `info`.
 */

/** Fastify's `logger` option; errors keep a request summary without hub secrets. */
export function loggerOptions(level: string): FastifyLoggerOptions & { level: string } {
  return {
    level,
    // Hub URLs carry the access token and the connection token: never log them.
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactHubUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}

/** With loggerOptions: Fastify's own two lines per request are replaced by registerRequestLog. */
export const quietRequestLogController = (): LogController =>
  new LogController({ disableRequestLogging: true });

const LEVELS_ABOVE_INFO = new Set(['warn', 'error', 'fatal', 'silent']);

/** One line per answered request at `info`: method, path (hub secrets redacted), status, time. */
export function registerRequestLog(app: FastifyInstance): void {
  if (LEVELS_ABOVE_INFO.has(app.log.level)) return;
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    request.log.info(
      {
        method: request.method,
        url: redactHubUrl(request.url),
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
    done();
  });
}
