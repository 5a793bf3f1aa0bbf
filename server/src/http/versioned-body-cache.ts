import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  precompress,
  sendPrecompressed,
  type PrecompressedBody,
  type PrecompressOptions,
} from './precompressed-body';

/**
 * Answers kept as they go on the wire, one per key at the version it was built for
 * (docs/performance.md "The API under load"). The version is whatever the database can
 * answer cheaply and that moves whenever the answer may change; a request whose version
 * matches is sent the kept bytes, any other version builds the answer again. Bounded by the
 * bytes it holds, least recently read first out; requests that miss at the same time share
 * one build, and a failed build is not kept.
 */
export interface VersionedBodyCache {
  /** The body of `key` at `version`: the one built before, or `build()` (its text) compressed. */
  get(key: string, version: string, build: () => Promise<string>): Promise<PrecompressedBody>;
  /** Bytes held now (for tests and the bench). */
  bytes(): number;
}

const sizeOf = (body: PrecompressedBody) =>
  Object.values(body.representations).reduce((sum, r) => sum + r.bytes.length, 0);

export function createVersionedBodyCache(
  contentType: string,
  maxBytes: number,
  compression: PrecompressOptions,
): VersionedBodyCache {
  interface Entry {
    version: string;
    body: Promise<PrecompressedBody>;
    bytes: number;
  }
  // Map order is the recency order: a hit moves its entry to the end.
  const entries = new Map<string, Entry>();
  let total = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    total -= entry.bytes;
    entries.delete(key);
  };

  return {
    get(key, version, build) {
      const hit = entries.get(key);
      if (hit?.version === version) {
        entries.delete(key);
        entries.set(key, hit);
        return hit.body;
      }
      drop(key);
      const entry: Entry = {
        version,
        body: build().then((text) => precompress(text, contentType, compression)),
        bytes: 0,
      };
      entries.set(key, entry);
      entry.body.then(
        (body) => {
          if (entries.get(key) !== entry) return;
          entry.bytes = sizeOf(body);
          total += entry.bytes;
          for (const [oldest] of entries) {
            if (total <= maxBytes || oldest === key) break;
            drop(oldest);
          }
        },
        () => {
          if (entries.get(key) === entry) drop(key);
        },
      );
      return entry.body;
    },
    bytes: () => total,
  };
}

/**
 * A cache of JSON lists (the department property lists, the active assessments). Compressed
 * once per version and read many times, so better than the per-request setting of
 * http/compression.ts, but a busy department or organization changes its list often and must
 * not wait for it: brotli 6 takes some tens of milliseconds on 900 KB, 11 takes seconds.
 */
export function createJsonListCache(maxBytes: number): VersionedBodyCache {
  return createVersionedBodyCache('application/json; charset=utf-8', maxBytes, {
    brotliQuality: 6,
    gzipLevel: 6,
  });
}

/**
 * Sends the list of `key` at `version`, the one kept or `build()` serialized by the route's
 * own serializer (the text is what its response schema would send). Private (it needs a
 * token); a client revalidates its copy with the ETag and gets 304. The route turns the
 * compression plugin off (`compress: false`): the body is compressed already.
 */
export async function sendVersionedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: VersionedBodyCache,
  key: string,
  version: string,
  build: () => Promise<unknown>,
): Promise<FastifyReply> {
  const body = await cache.get(key, version, async () => {
    const json = reply.serialize(await build());
    if (typeof json !== 'string') throw new Error(`the list of ${key} did not serialize to text`);
    return json;
  });
  reply.header('cache-control', 'private, no-cache');
  return sendPrecompressed(request, reply, body);
}
