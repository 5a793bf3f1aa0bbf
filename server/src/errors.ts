import type { ErrorCode } from '../../shared/contract/errors';

/**
 * An error with an HTTP status and a message that is safe to show to the client; `details` are
 * more fields of the error body (docs/api.md "Conventions"). Its code is one of the contract's
 * (shared/contract/error-codes.ts): a new code is added there first.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: ErrorCode = codeFor(statusCode),
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
  }
}

function codeFor(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'BAD_REQUEST';
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    default:
      return status >= 500 ? 'INTERNAL' : 'ERROR';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string, code: ErrorCode = 'UNAUTHORIZED') =>
  new HttpError(401, message, code);
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
