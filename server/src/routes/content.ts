import type { FastifyPluginAsync } from 'fastify';
import type { StaticContentCache } from '../content/static-content-cache';
import { sendPrecompressed } from '../http/precompressed-body';

/**
 * GET /api/v2/staticcontent: the configuration content of docs/product.md 3. Public, because
 * the login screen and the offline app need it before anyone signs in and it holds nothing
 * secret. Built and compressed once per change (content/static-content-cache.ts) and sent
 * with an ETag: a client whose copy is current gets 304 without a body. `no-cache` makes every
 * client ask again each time, which costs one 304; the offline copy lives in IndexedDB.
 */
export const contentRoutes: FastifyPluginAsync<{ staticContent: StaticContentCache }> = async (
  app,
  { staticContent },
) => {
  // Compressed once per change, not by the per-request compression (http/compression.ts).
  app.get('/api/v2/staticcontent', { compress: false }, async (request, reply) => {
    reply.header('cache-control', 'no-cache');
    return sendPrecompressed(request, reply, await staticContent.current());
  });
};
