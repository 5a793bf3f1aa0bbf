import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { HUB_PATH } from '../hub/websocket';

/**
 * Compression of the answers that are made per request (docs/performance.md "Bytes on the
 * wire"): API JSON, and a file of a build without its precompressed twin (static-app.ts: `npm
 * run build` writes twins for every text file). Twins and `staticcontent`, compressed once per
 * change, set Content-Encoding themselves, and the plugin leaves such answers as they are.
 */

/** Below this, headers and framing outweigh what compression saves. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Brotli quality for answers compressed per request. 11 (zlib's default) spends seconds on the
 * 900 KB department list. Measured on it: 4 gives 24.8 KB in 2.2 ms, 5 gives 21.6 KB in 3.7 ms,
 * 7 gives 20.7 KB in 5.7 ms; 5 is where the bytes stop falling fast. Gzip 9 gives 24.7 KB in
 * 12 ms.
 */
export const API_BROTLI_QUALITY = 5;

/** The encodings offered, best first: the same two the build writes twins for. */
export const ENCODINGS = ['br', 'gzip'] as const;

/** The hub's held polls and event streams are never compressed or buffered (docs/api.md "The hub"). */
const isHubRoute = (url: string) => url === HUB_PATH || url.startsWith(`${HUB_PATH}/`);

/** Register before the routes: the plugin attaches itself to each route as it is added. */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Runs before the plugin's own onRoute hook, which honours `compress: false`.
  app.addHook('onRoute', (route) => {
    if (isHubRoute(route.url ?? route.path)) route.compress = false;
  });
  await app.register(compress, {
    encodings: [...ENCODINGS],
    threshold: COMPRESSION_THRESHOLD,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: API_BROTLI_QUALITY } },
    // Responses only: no client sends compressed bodies, and inflating them would be one more
    // way to spend the server's memory.
    globalDecompression: false,
  });
}
