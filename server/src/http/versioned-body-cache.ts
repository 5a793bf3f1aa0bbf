import { precompress, type PrecompressedBody, type PrecompressOptions } from './precompressed-body';

/**
 * Answers kept as they go on the wire, one per key at the version it was built for
 * (docs/architecture.md "The API under load"). The version is whatever the database can
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
