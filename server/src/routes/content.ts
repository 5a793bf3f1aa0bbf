import type { FastifyPluginAsync } from 'fastify';
import type { StaticContentCache } from '../content/static-content-cache';
import { sendPrecompressed } from '../http/precompressed-body';
import type { FrontAnswer } from '../http/static-front';

export const STATIC_CONTENT_URL = '/api/v2/staticcontent';
const CACHE_CONTROL = 'no-cache';

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
  app.get(STATIC_CONTENT_URL, { compress: false }, async (request, reply) => {
    reply.header('cache-control', CACHE_CONTROL);
    return sendPrecompressed(request, reply, await staticContent.current());
  });
};

/**
 * The same answer in front of Fastify once it is built (http/static-front.ts): every client
 * asks for it at start. Logged at `info`, as the route above logs it.
 */
export function staticContentAnswer(staticContent: StaticContentCache): FrontAnswer {
  return { cacheControl: CACHE_CONTROL, ready: () => staticContent.built(), logLevel: 'info' };
}
