import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendPrecompressed } from './precompressed-body';
import { loadBuild, type StaticFile } from './static-files';

/**
 * The built PWA from the API's origin (docs/performance.md "Bytes on the wire"), and the
 * not-found answer for everything else.
 */

/**
 * Sends a file of the build: the twin the client accepts (`npm run build` writes a brotli and a
 * gzip twin of every text file), with its Content-Encoding, `Vary: Accept-Encoding` and an ETag
 * for each coding; 304 when the client's copy is current.
 */
async function sendStaticFile(request: FastifyRequest, reply: FastifyReply, file: StaticFile) {
  reply.header('Cache-Control', file.cacheControl);
  return sendPrecompressed(request, reply, await file.body());
}

/**
 * A file's route: it carries its own encodings (static-files.ts), so the compression plugin's
 * hook is not attached (one hook less on the most frequent answers), and its answers are logged
 * at `debug` (logging.ts).
 */
const FILE_ROUTE = { compress: false, config: { appFile: true } } as const;

export interface StaticBuild {
  /** The app's page (index.html), for registerNotFound. */
  page: StaticFile;
  /** Every file by URL path, `/` being the page: the front answers them too (static-front.ts). */
  files: ReadonlyMap<string, StaticFile>;
}

/**
 * Serves `staticDir` when it holds a build (index.html), one route per file (listed once at
 * start, static-files.ts), `/` being index.html. Null without a build.
 */
export async function registerStaticApp(
  app: FastifyInstance,
  staticDir: string | null,
): Promise<StaticBuild | null> {
  const root = staticDir ? path.resolve(staticDir) : null;
  if (root === null || !existsSync(path.join(root, 'index.html'))) return null;
  const files = await loadBuild(root);
  const index = files.get('/index.html')!;
  for (const file of files.values()) {
    app.get(file.url, FILE_ROUTE, (request, reply) => sendStaticFile(request, reply, file));
  }
  app.get('/', FILE_ROUTE, (request, reply) => sendStaticFile(request, reply, index));
  // Every other GET and HEAD reaches registerNotFound's handler through a route: compression.ts
  // attaches to routes, so the app's fallback (index.html) is answered like any file.
  app.route({ method: ['GET', 'HEAD'], url: '/*', handler: (_request, reply) => reply.callNotFound() });
  return { page: index, files: new Map([...files, ['/', index]]) };
}

function decodedPath(url: string): string {
  const path = url.split('?')[0]!;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Paths that belong to the API, whose misses are JSON 404s and never the app. */
function isApiPath(url: string): boolean {
  return (
    url.startsWith('/api/') ||
    url.startsWith('/auth/') ||
    url === '/messagehub' ||
    url.startsWith('/messagehub/')
  );
}

/**
 * Unknown paths: a client route gets the app (index.html, which renders its own 404), an API
 * path or a missing file a JSON 404.
 */
export function registerNotFound(app: FastifyInstance, appPage: StaticFile | null): void {
  app.setNotFoundHandler((request, reply) => {
    // Judged as the router and the browser read the path: decoded (`/loginC%61llback` is
    // /loginCallback, `/%61pi/` the API).
    const path = decodedPath(request.url);
    // A path with a file extension is a missing file, never a client route.
    const isFile = /\.[a-z0-9]+$/i.test(path);
    if (appPage && !isApiPath(path) && !isFile && (request.method === 'GET' || request.method === 'HEAD')) {
      // The sign-in's token is in this page's URL: no request from it names the URL
      // (docs/architecture.md 4 "Security headers").
      if (path === '/loginCallback') reply.header('Referrer-Policy', 'no-referrer');
      return sendStaticFile(request, reply, appPage);
    }
    return reply
      .status(404)
      .send({ message: `Route ${request.method} ${path} not found`, code: 'NOT_FOUND' });
  });
}
