import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants as zlibConstants, gzip, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ifNoneMatchHits } from './conditional';

/**
 * An answer that changes rarely and is asked for often, compressed once when it changes and
 * validated by ETag on every request (docs/performance.md "Bytes on the wire").
 */

export type Encoding = 'br' | 'gzip' | 'identity';

export interface Representation {
  bytes: Buffer;
  /** Strong: the three representations differ in bytes, so their tags differ too (RFC 9110 8.8.3). */
  etag: string;
}

export interface PrecompressedBody {
  contentType: string;
  representations: Record<Encoding, Representation>;
}

/** A body to send: always as itself, compressed only where that pays (not a PNG). */
export interface ServedBody {
  contentType: string;
  representations: { identity: Representation } & Partial<Record<'br' | 'gzip', Representation>>;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Brotli settings for text of `bytes` bytes; the synchronous path of http/brotli-json.ts shares them. */
export const brotliTextOptions = (quality: number, bytes: number) => ({
  params: {
    [zlibConstants.BROTLI_PARAM_QUALITY]: quality,
    [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
    [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes,
  },
});

/**
 * A small body at a quick setting is compressed on the event loop: off it, through the thread
 * pool, a 4 KB search page cost about 200 µs of CPU per coding, on it 45 (brotli 6) and 42
 * (gzip 6), measured 2026-11-29. Up to 16 KB at these settings holds the loop for a fraction
 * of a millisecond; brotli 11 is a hundred times slower and always goes to the pool.
 */
const SYNC_COMPRESSION_BYTES = 16 * 1024;
const SYNC_BROTLI_QUALITY = 6;

export interface PrecompressOptions {
  /** Default 11: compressed once per change, the best (slowest) setting pays for itself. */
  brotliQuality?: number;
  /** Default 9. */
  gzipLevel?: number;
}

/**
 * The three representations of `body`, compressed off the event loop. A body that is big and
 * changes often may want less than the best settings (brotli 11 takes seconds on 900 KB).
 */
export async function precompress(
  body: string | Buffer,
  contentType: string,
  {
    brotliQuality = zlibConstants.BROTLI_MAX_QUALITY,
    gzipLevel = zlibConstants.Z_BEST_COMPRESSION,
  }: PrecompressOptions = {},
): Promise<PrecompressedBody> {
  const identity = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const brotliOptions = brotliTextOptions(brotliQuality, identity.length);
  const gzipOptions = { level: gzipLevel };
  const [br, gz] =
    identity.length <= SYNC_COMPRESSION_BYTES && brotliQuality <= SYNC_BROTLI_QUALITY
      ? [brotliCompressSync(identity, brotliOptions), gzipSync(identity, gzipOptions)]
      : await Promise.all([brotli(identity, brotliOptions), gzipAsync(identity, gzipOptions)]);
  const hash = createHash('sha256').update(identity).digest('base64url');
  return {
    contentType,
    representations: {
      identity: { bytes: identity, etag: `"${hash}"` },
      br: { bytes: br, etag: `"${hash}-br"` },
      gzip: { bytes: gz, etag: `"${hash}-gzip"` },
    },
  };
}

const COMPRESSED: Encoding[] = ['br', 'gzip'];

/** The encoding of `available` the client accepts, best first; identity when it accepts none. */
export function chooseEncoding(
  acceptEncoding: string | undefined,
  available: Encoding[] = COMPRESSED,
): Encoding {
  if (!acceptEncoding || available.length === 0) return 'identity';
  // `*` stands for any coding; read it as gzip, which everyone decodes.
  return negotiate(acceptEncoding.toLowerCase().replace(/\*/g, 'gzip'), available) ?? 'identity';
}

/** Adds Accept-Encoding to Vary without dropping what others set (CORS adds Origin). */
export function varyOnAcceptEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const names = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (!names.some((name) => name === '*' || name.toLowerCase() === 'accept-encoding')) {
    names.push('Accept-Encoding');
  }
  reply.header('vary', names.join(', '));
}

/** What a request gets of a body: the representation it accepts, or "not modified". */
export interface ChosenRepresentation {
  encoding: Encoding;
  representation: Representation;
  /** Its If-None-Match names the current content in some encoding: 304, no body. */
  notModified: boolean;
}

/**
 * The representation the client accepts; "not modified" when its If-None-Match names the
 * current content in any encoding: its cached copy, whatever its coding, decodes to the same
 * bytes. Shared by Fastify's answer (sendPrecompressed) and the static front (static-front.ts).
 */
export function chooseRepresentation(
  body: ServedBody,
  acceptEncoding: string | undefined,
  ifNoneMatch: string | undefined,
): ChosenRepresentation {
  const available = COMPRESSED.filter((encoding) => body.representations[encoding]);
  const encoding = chooseEncoding(acceptEncoding, available);
  const tags = Object.values(body.representations).map((r: Representation) => r.etag);
  return {
    encoding,
    representation: body.representations[encoding]!,
    notModified: ifNoneMatchHits(ifNoneMatch, tags),
  };
}

/**
 * Sends the representation the client accepts, with its ETag and `Vary: Accept-Encoding`, or
 * 304 with no body (chooseRepresentation).
 */
export function sendPrecompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  body: ServedBody,
): FastifyReply {
  const chosen = chooseRepresentation(
    body,
    request.headers['accept-encoding'],
    request.headers['if-none-match'],
  );
  varyOnAcceptEncoding(reply);
  reply.header('etag', chosen.representation.etag);
  if (chosen.notModified) return reply.code(304).send();
  reply.header('content-type', body.contentType);
  if (chosen.encoding !== 'identity') reply.header('content-encoding', chosen.encoding);
  return reply.send(chosen.representation.bytes);
}
