import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken, type TokenService } from '../auth/tokens';
import { HttpError } from '../errors';

/**
 * Request limits (docs/architecture.md "Rate limits"), through @fastify/rate-limit with one
 * in-memory store per process: sign-in per client address, the API per user, new hub
 * connections per user. Over a limit the answer is 429 with `Retry-After` and the JSON error
 * of every other refusal; the app's outbox treats 429 as transient and sends again later.
 */

export interface RateLimits {
  /** The demo sign-in's pages and `POST /auth/demo-token`, per address and minute. */
  signInPerMinute: number;
  /** Every `/api/` request of one user (by token; without a valid one, by address), per minute. */
  apiPerMinute: number;
  /** Hub negotiations (each connection starts with one) of one user, per minute. */
  hubPerMinute: number;
  /**
   * The window the counters count in, in seconds (60 in production). A shorter one allows each
   * limit's share of a minute per window, so a test of what happens over a limit waits seconds
   * instead of a minute (e2e/rate-limits.spec.ts).
   */
  windowS: number;
}

/** A per-minute figure as a count per window: at least 1, rounded up. */
export function perWindow(perMinute: number, windowS: number): number {
  return Math.max(1, Math.ceil((perMinute * windowS) / 60));
}

export async function registerRateLimits(
  app: FastifyInstance,
  limits: RateLimits,
  tokens: TokenService,
): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    // Under the limit nothing is said: the app does not pace itself by it, and on every API
    // answer the three headers were bytes a phone on a weak line pays for. A 429 still says
    // everything, Retry-After included.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many requests: try again in ${context.after}`, 'RATE_LIMITED'),
  });

  /** The user a valid token names; a missing or invalid token counts against its address. */
  const byUser = (kind: string) => async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    const claims = token ? await tokens.verify(token).catch(() => null) : null;
    return claims ? `${kind}:user:${claims.sub}` : `${kind}:address:${request.ip}`;
  };
  const timeWindow = limits.windowS * 1000;
  const signIn = app.rateLimit({
    max: perWindow(limits.signInPerMinute, limits.windowS),
    timeWindow,
    keyGenerator: (request) => `sign-in:${request.ip}`,
  });
  const api = app.rateLimit({
    max: perWindow(limits.apiPerMinute, limits.windowS),
    timeWindow,
    keyGenerator: byUser('api'),
  });
  const hub = app.rateLimit({
    max: perWindow(limits.hubPerMinute, limits.windowS),
    timeWindow,
    keyGenerator: byUser('hub'),
  });

  /** The limit a path counts against, if any. */
  const limitOf = (path: string) => {
    if (path.startsWith('/api/')) return api;
    if (path.startsWith('/auth/login') || path.startsWith('/auth/demo-token')) return signIn;
    if (path.startsWith('/messagehub/negotiate')) return hub;
    return null;
  };
  // A callback, not an async function: most answers (the app's files) count against no limit
  // and pass without a promise (docs/performance.md "The API under load").
  app.addHook('onRequest', (request, reply, done) => {
    // The route the router matched, not the raw URL (docs/architecture.md 4 "Rate limits"): the
    // router decodes the path, so `/auth/%64emo-token` is the demo-token route and must count as
    // one. A path no route matched (none, or the static app's fallback `/*`) counts by its
    // decoded, lower-cased spelling with its slashes squeezed: `//API/v2/x` is the API's miss and
    // counts as the API.
    const matched = request.routeOptions.url;
    const limit = limitOf(matched && matched !== '/*' ? matched : plainPath(request.url));
    if (!limit) return done();
    limit.call(app, request, reply).then(() => done(), done);
  });
}

/** A path as a limit reads it when no route matched: decoded, lower case, one slash at a time. */
function plainPath(url: string): string {
  const path = url.split('?')[0]!;
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A broken escape: the router refuses it before this hook (router-refusals.ts).
  }
  return decoded.toLowerCase().replace(/\/{2,}/g, '/');
}
