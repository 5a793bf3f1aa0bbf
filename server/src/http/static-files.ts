import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import mime from 'mime';
import { precompress, type Representation, type ServedBody } from './precompressed-body';

/**
 * The built PWA, held in memory (docs/performance.md "Static files"). A build is never changed
 * under a running server (a new one comes with a restart), and it is small: 3.9 MB with the
 * twins. Read from disk per request, as @fastify/static does (a stat, an open, reads and a
 * close on libuv's four threads), a 135 KB asset was 1.2 % of the bare server's rate, the
 * event loop half idle while it waited for the file system.
 */

export interface StaticFile {
  /** The URL path: `/assets/index-abc.js`. */
  url: string;
  cacheControl: string;
  /** The file with the twins the build wrote, or, for text without twins, once compressed. */
  body(): ServedBody | Promise<ServedBody>;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const TWINS = ['.br', '.gz'];

/** Text is compressed; images and fonts already are. */
const isText = (contentType: string) =>
  /^text\/|^application\/(javascript|json|manifest\+json|xml)|^image\/svg\+xml/.test(contentType);

function contentTypeOf(file: string): string {
  const type = mime.getType(file) ?? 'application/octet-stream';
  return /^text\/|^application\/(javascript|json)/.test(type) ? `${type}; charset=utf-8` : type;
}

async function readIfExists(file: string): Promise<Buffer | null> {
  return existsSync(file) ? readFile(file) : null;
}

async function loadFile(root: string, relative: string): Promise<StaticFile> {
  const file = path.join(root, relative);
  const [bytes, br, gzip] = await Promise.all([
    readFile(file),
    readIfExists(`${file}.br`),
    readIfExists(`${file}.gz`),
  ]);
  const contentType = contentTypeOf(file);
  const hash = createHash('sha256').update(bytes).digest('base64url');
  const tagged = (b: Buffer, suffix: string): Representation => ({ bytes: b, etag: `"${hash}${suffix}"` });
  const url = `/${relative.split(path.sep).join('/')}`;
  // Hashed build assets never change; everything else must be revalidated so that a new
  // service worker and index.html are found.
  const cacheControl = url.startsWith('/assets/') ? IMMUTABLE : 'no-cache';
  const representations: ServedBody['representations'] = { identity: tagged(bytes, '') };
  if (br) representations.br = tagged(br, '-br');
  if (gzip) representations.gzip = tagged(gzip, '-gzip');
  const built: ServedBody = { contentType, representations };
  if (br || gzip || !isText(contentType)) return { url, cacheControl, body: () => built };
  // Text without twins (a build made by `vite build` alone): compressed at its first request,
  // off the event loop, and kept; once done, handed out as it is (static-front.ts needs no promise).
  let compressed: ServedBody | null = null;
  let compressing: Promise<ServedBody> | null = null;
  const compress = () => precompress(bytes, contentType).then((body) => (compressed = body));
  return { url, cacheControl, body: () => compressed ?? (compressing ??= compress()) };
}

async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && !TWINS.includes(path.extname(entry.name)))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** Every file of the build in `root`, by URL path. */
export async function loadBuild(root: string): Promise<Map<string, StaticFile>> {
  const files = await Promise.all((await filesUnder(root)).map((relative) => loadFile(root, relative)));
  return new Map(files.map((file) => [file.url, file]));
}
