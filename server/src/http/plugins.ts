import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { TOTAL_COUNT_HEADER } from '../../../shared/rules/search-total';
import type { TokenService } from '../auth/tokens';
import type { Config } from '../config';
import { registerCompression } from './compression';
import { registerOpenApi } from './openapi';
import { registerRateLimits } from './rate-limits';
import { registerSecurityHeaders } from './security-headers';

/**
 * The plugins every route shares, registered before any route: the OpenAPI document, CORS for the PWA on another
 * origin, the security headers, the rate limits, form bodies (the sign-on pages) and the
 * compression.
 */
export async function registerHttpPlugins(
  app: FastifyInstance,
  config: Config,
  tokens: TokenService,
): Promise<void> {
  // First: it collects every route added after it into the OpenAPI document.
  await registerOpenApi(app);
  if (config.appUrl) {
    // The PWA on another origin (VITE_API_BASE_URL) must be able to read the renewed token,
    // and the search's total (X-Total-Count, docs/api.md).
    // Methods: the API's GET and POST, and the DELETE that ends a long-polling hub connection
    // (docs/api.md "The hub"); @fastify/cors allows only GET, HEAD and POST by default.
    await app.register(cors, {
      origin: new URL(config.appUrl).origin,
      methods: ['GET', 'HEAD', 'POST', 'DELETE'],
      credentials: true,
      exposedHeaders: ['Set-Authorization', 'Retry-After', TOTAL_COUNT_HEADER],
    });
  }
  await registerSecurityHeaders(app, {
    staticDir: config.staticDir,
    appUrl: config.appUrl,
    helpImageOrigins: config.helpImageOrigins,
  });
  await registerRateLimits(app, config.rateLimits, tokens);
  await app.register(formbody);
  // Before any route: the compression attaches itself to each route as it is added.
  await registerCompression(app);
}
