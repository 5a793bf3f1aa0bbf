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
 * matches is sent the kept bytes, any other version builds the answer again. An answer that
 * also depends on the time (a search's winners, which an approval's future date changes) says
 * until when it holds. Bounded by the bytes it holds, least recently read first out; requests
 * that miss at the same time share one build, and a failed build is not kept.
 */
export interface VersionedBodyCache {
  /**
   * The body of `key` at `version`: the one built before and not expired, or `build()` (its
   * text) compressed.
   */
  get(key: string, version: string, build: () => Promise<string | BuiltText>): Promise<KeptBody>;
  /** Bytes held now (for tests and the bench). */
  bytes(): number;
}

/** An answer's text with what goes along with it. */
export interface BuiltText {
  text: string;
  /** Headers sent with every representation of it, 304s too. */
  headers?: Readonly<Record<string, string>>;
  /** When it stops holding (epoch milliseconds); a request at or after it builds it again. */
  expiresAt?: number;
}

export type KeptBody = PrecompressedBody & Pick<BuiltText, 'headers'>;

const sizeOf = (body: PrecompressedBody) =>
  Object.values(body.representations).reduce((sum, r) => sum + r.bytes.length, 0);

export function createVersionedBodyCache(
  contentType: string,
  maxBytes: number,
  compression: PrecompressOptions,
): VersionedBodyCache {
  interface Entry {
    version: string;
    body: Promise<KeptBody>;
    bytes: number;
    expiresAt: number;
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
      if (hit?.version === version && Date.now() < hit.expiresAt) {
        entries.delete(key);
        entries.set(key, hit);
        return hit.body;
      }
      drop(key);
      const entry: Entry = {
        version,
        // The entry is there by the time the build has finished.
        body: build().then(async (built) => {
          const {
            text,
            headers,
            expiresAt = Number.POSITIVE_INFINITY,
          } = typeof built === 'string' ? { text: built } : built;
          entry.expiresAt = expiresAt;
          return { ...(await precompress(text, contentType, compression)), headers };
        }),
        bytes: 0,
        expiresAt: Number.POSITIVE_INFINITY,
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

/** What a versioned answer's build gives: the value its response schema serializes, and the rest of BuiltText. */
export type BuiltAnswer = Omit<BuiltText, 'text'> & { value: unknown };

/**
 * Sends the answer of `key` at `version`, the one kept or `build()`'s value serialized by the
 * route's own serializer (the text is what its response schema would send), with its headers.
 * Private (it needs a token); a client revalidates its copy with the ETag and gets 304. The body
 * is compressed already: a route that answers only this way turns the compression plugin off
 * (`compress: false`); one that also answers otherwise (the search's first ask) keeps it, and
 * the plugin leaves an answer with a Content-Encoding alone.
 */
export async function sendVersionedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: VersionedBodyCache,
  key: string,
  version: string,
  build: () => Promise<BuiltAnswer>,
): Promise<FastifyReply> {
  return sendKept(request, reply, await cache.get(key, version, serializing(reply, key, build)));
}

/** The build's value as the route's serializer writes it, with the rest of what the build gave. */
const serializing =
  <B extends BuiltAnswer>(reply: FastifyReply, key: string, build: () => Promise<B>) =>
  async (): Promise<Omit<B, 'value'> & { text: string }> => {
    const { value, ...rest } = await build();
    const text = reply.serialize(value);
    if (typeof text !== 'string') throw new Error(`the answer of ${key} did not serialize to text`);
    return { ...rest, text };
  };

function sendKept(request: FastifyRequest, reply: FastifyReply, body: KeptBody): FastifyReply {
  if (body.headers) reply.headers(body.headers);
  reply.header('cache-control', 'private, no-cache');
  return sendPrecompressed(request, reply, body);
}

/** sendVersionedAnswer for a list that depends on nothing but its version. */
export function sendVersionedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: VersionedBodyCache,
  key: string,
  version: string,
  build: () => Promise<unknown>,
): Promise<FastifyReply> {
  return sendVersionedAnswer(request, reply, cache, key, version, async () => ({ value: await build() }));
}
