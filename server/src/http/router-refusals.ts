import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { redactUrl, REQUEST_ID_HEADER } from '../logging';
import { NON_DOCUMENT_POLICY } from './security-headers';

/** The headers of every JSON answer (security-headers.ts); nothing to keep, nothing to frame. */
const HEADERS = {
  'Content-Security-Policy': NON_DOCUMENT_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cache-Control': 'no-store',
};

/**
 * What the router refuses before any hook runs (a path with a broken %-escape, a route
 * parameter over 100 characters): Fastify's own answer echoed the whole path and carried no
 * security headers, no request id and no log line. Here it is our 400 or 414 JSON (docs/api.md
 * "Conventions") with the headers every other JSON answer has, and its line in the request log
 * (no hook runs).
 */
export function answerRouterRefusal(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  reply.header(REQUEST_ID_HEADER, request.id);
  for (const [name, value] of Object.entries(HEADERS)) reply.header(name, value);
  const statusCode = tooLong ? 414 : 400;
  request.log.info({ method: request.method, url: redactUrl(request.url), statusCode }, 'request');
  reply
    .code(statusCode)
    .type('application/json; charset=utf-8')
    .send({
      message: tooLong ? 'A part of the path is too long' : 'The path is not a valid URL',
      code: tooLong ? 'URL_TOO_LONG' : 'BAD_REQUEST',
    });
}
