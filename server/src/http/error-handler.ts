import type { FastifyError, FastifyInstance } from 'fastify';
import type { ErrorBody } from '../../../shared/contract/errors';
import { HttpError } from '../errors';

/** Every error answer is the contract's ErrorBody (docs/api.md "Conventions"). */
export function registerErrorHandler(app: FastifyInstance): void {
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
}
