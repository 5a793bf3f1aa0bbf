import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * The built PWA from the API's origin (docs/performance.md "Bytes on the wire"), and the
 * not-found answer for everything else.
 */

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves `staticDir` when it holds a build (index.html). Returns whether it does. `npm run
 * build` writes a brotli and a gzip twin of every text file (`vite build` those of the assets
 * over 1 KB, scripts/compress-build.mjs the rest: the service worker, small files);
 * `preCompressed` sends the twin the client accepts with its Content-Encoding and `Vary:
 * Accept-Encoding`, so the server never compresses a file per request. A file without a twin
 * (a build made by `vite build` alone) is compressed per request by compression.ts.
 *
 * One route per file of the build (`wildcard: false`), listed once at start: @fastify/static's
 * wildcard route reads every directory on a request's path (`readdir`, to refuse other letter
 * casings of a file name) on every request, which halved the throughput of small files. A
 * build is never changed under a running server; a new one comes with a restart.
 */
export async function registerStaticApp(app: FastifyInstance, staticDir: string | null): Promise<boolean> {
  const root = staticDir ? path.resolve(staticDir) : null;
  if (root === null || !existsSync(path.join(root, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: ['index.html'],
    preCompressed: true,
    setHeaders(res, filePath) {
      // Hashed build assets never change; everything else must be revalidated so that a
      // new service worker and index.html are found. filePath may be a `.br`/`.gz` twin.
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', immutable ? IMMUTABLE : 'no-cache');
    },
  });
  // Every other GET and HEAD reaches registerNotFound's handler through a route: compression.ts
  // attaches to routes, so the app's fallback (index.html) is compressed like any file.
  app.route({ method: ['GET', 'HEAD'], url: '/*', handler: (_request, reply) => reply.callNotFound() });
  return true;
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
export function registerNotFound(app: FastifyInstance, serveApp: boolean): void {
  app.setNotFoundHandler((request, reply) => {
    // Judged as the router and the browser read the path: decoded (`/loginC%61llback` is
    // /loginCallback, `/%61pi/` the API).
    const path = decodedPath(request.url);
    // A path with a file extension is a missing file, never a client route.
    const isFile = /\.[a-z0-9]+$/i.test(path);
    if (serveApp && !isApiPath(path) && !isFile && (request.method === 'GET' || request.method === 'HEAD')) {
      // The sign-in's token is in this page's URL: no request from it names the URL
      // (docs/architecture.md 4 "Security headers").
      if (path === '/loginCallback') reply.header('Referrer-Policy', 'no-referrer');
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ message: `Route ${request.method} ${path} not found`, code: 'NOT_FOUND' });
  });
}
