import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { precompress, type PrecompressedBody } from '../http/precompressed-body';
import { buildStaticContent, type StaticContentSettings } from './static-content';

/**
 * `staticcontent` as it goes on the wire, built once per change instead of per request
 * (docs/performance.md "Bytes on the wire"). Every client asks for it at start; it only
 * changes with the catalogue, the texts of this folder and the deployment's settings
 * (SERVICE_MESSAGE), which a restart changes: the new body has a new ETag, so every client gets
 * it at its next start (docs/api.md "The service message").
 *
 * Today nothing changes the catalogue while the server runs (the seed and the migrations run
 * before it listens), so it is built once, at the first request. Whatever changes the
 * catalogue at run time must call `app.staticContent.invalidate()` afterwards; the next
 * request builds it again, with a new ETag.
 */
export interface StaticContentCache {
  current(): Promise<PrecompressedBody>;
  /** The body once built, without waiting; null before its first build is done. */
  built(): PrecompressedBody | null;
  invalidate(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    staticContent: StaticContentCache;
  }
}

export function createStaticContentCache(
  db: Kysely<Database>,
  settings: StaticContentSettings,
): StaticContentCache {
  let current: Promise<PrecompressedBody> | null = null;
  let done: PrecompressedBody | null = null;
  return {
    current() {
      if (current === null) {
        const building = buildStaticContent(db, settings).then((content) =>
          precompress(JSON.stringify(content), 'application/json; charset=utf-8'),
        );
        current = building;
        building.then(
          (body) => {
            if (current === building) done = body;
          },
          // A failed build (the database away) is not kept: the next request tries again.
          () => {
            if (current === building) current = null;
          },
        );
      }
      return current;
    },
    built: () => done,
    invalidate() {
      current = null;
      done = null;
    },
  };
}
