import type { FastifyInstance } from 'fastify';
import type { TokenService } from '../auth/tokens';

/**
 * Sliding renewal: every authenticated response carries a fresh token (docs/architecture.md 4).
 * And no shared cache or the browser's HTTP cache keeps an answer that belongs to one user
 * (docs/architecture.md 4 "Security headers"): `private, no-store`, or `private, no-cache`
 * where an ETag lets the app revalidate.
 */
export function registerTokenRenewal(app: FastifyInstance, tokens: TokenService): void {
  // A callback, not an async function: the answers without a user (the app's files, the
  // public calls) pass through it without a promise (docs/performance.md "The API under load").
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.user) return done(null, payload);
    if (!reply.hasHeader('cache-control')) {
      reply.header('cache-control', reply.hasHeader('etag') ? 'private, no-cache' : 'private, no-store');
    }
    // The same lifetime again, from now: a short-lived token stays short-lived.
    // The same sign-in too: no renewal outlives the session's absolute limit.
    const { id, ssoUuid, tokenTtlS, authTime, sessionId } = request.user;
    tokens
      .sign({ id, sso_uuid: ssoUuid, ...(sessionId && { sid: sessionId }) }, tokenTtlS, authTime)
      .then((token) => {
        reply.header('Set-Authorization', token);
        done(null, payload);
      }, done);
  });
}
