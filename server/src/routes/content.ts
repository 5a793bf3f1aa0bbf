import type { FastifyInstance } from 'fastify';
import { createStaticContentCache } from '../content/static-content-cache';
import { sendPrecompressed } from '../http/precompressed-body';
import type { RouteDeps } from './deps';

/**
 * GET /api/v2/staticcontent: the configuration content of docs/product.md 3. Public, because
 * the login screen and the offline app need it before anyone signs in and it holds nothing
 * secret. Built and compressed once per change (content/static-content-cache.ts) and sent
 * with an ETag: a client whose copy is current gets 304 without a body. `no-cache` makes every
 * client ask again each time, which costs one 304; the offline copy lives in IndexedDB.
 */
export function registerContentRoutes(app: FastifyInstance, { db, config }: RouteDeps): void {
  const staticContent = createStaticContentCache(db, { serviceMessage: config.serviceMessage });
  app.decorate('staticContent', staticContent);
  // Compressed once per change, not by the per-request compression (http/compression.ts).
  app.get('/api/v2/staticcontent', { compress: false }, async (request, reply) => {
    reply.header('cache-control', 'no-cache');
    return sendPrecompressed(request, reply, await staticContent.current());
  });
}
