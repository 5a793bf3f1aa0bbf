import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { isPostgresUrl } from '../config';
import { LIST_VERSION_CHANNEL } from './migrations/0021-list-version-notices';
import type { SubscribeToNotices } from './noticed-lookup';
import { DEFAULT_POOL, type PoolSettings } from './pool-settings';
import type { Database } from './schema';

// Plain numbers for bigint counts (COUNT(*)); our counts stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** The pool behind each database on a PostgreSQL server (its use is a metric). */
const pools = new WeakMap<Kysely<Database>, pg.Pool>();

/** The pool of a database on a PostgreSQL server; null for embedded PGlite, which has none. */
export function databasePoolOf(db: Kysely<Database>): pg.Pool | null {
  return pools.get(db) ?? null;
}

/** The embedded database behind each Kysely on PGlite. */
const embedded = new WeakMap<Kysely<Database>, PGlite>();

/**
 * The notices of moved list versions (migration 0021), on the embedded database only: its one
 * connection asks for them and listens. Null on a PostgreSQL server, whose instances read the
 * versions in batches instead (docs/performance.md "The list versions are read in batches on a
 * PostgreSQL server").
 */
export function listVersionNoticesOf(db: Kysely<Database>): SubscribeToNotices | null {
  const pglite = embedded.get(db);
  if (!pglite) return null;
  return async (onNotice) => {
    await pglite.exec(`set bt.list_version_notices = on`);
    return pglite.listen(LIST_VERSION_CHANNEL, onNotice);
  };
}

/**
 * One query layer over two drivers: a real PostgreSQL server for `postgres://` URLs, and
 * embedded PGlite otherwise (`memory://` or a data directory).
 */
export function createDatabase(
  databaseUrl: string,
  onConnectionLost: (error: Error) => void = (error) =>
    console.error(`PostgreSQL connection lost: ${error.message}`),
  server: PoolSettings = DEFAULT_POOL,
): Kysely<Database> {
  if (isPostgresUrl(databaseUrl)) {
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: server.poolSize,
      // Each connection ends a statement that runs longer, on the server: one slow query
      // cannot hold a connection (and a request) for ever.
      statement_timeout: server.statementTimeoutMs,
    });
    // An idle connection the server ends (a restart, a failover, an administrator) is reported
    // on the pool; unhandled, that event would end the whole process. The pool opens a new
    // connection on the next query.
    pool.on('error', onConnectionLost);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    pools.set(db, pool);
    return db;
  }
  // Embedded PGlite is one connection in this process, without a pool; a statement timeout
  // needs a signal that WebAssembly PostgreSQL does not have.
  // One options object: `new PGlite(undefined, options)` would drop the options.
  const pglite = new PGlite({
    dataDir: databaseUrl === 'memory://' ? undefined : databaseUrl,
    parsers: {
      20: (value: string) => Number(value),
      // bytea (a photo's chunks, migration 0019) through Buffer's hex codec: PGlite's own builds
      // a string two digits per byte in JavaScript, 140 ms for a 180 KB chunk, and held the
      // process for seconds under parallel uploads (docs/performance.md "Photos").
      17: (value: string) => Buffer.from(value.slice(2), 'hex'),
    },
    serializers: {
      17: (value: Uint8Array) =>
        `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`,
    },
    // The trigram index of the address search (migration 0004) needs pg_trgm, which PGlite
    // ships as a module that must be loaded here.
    extensions: { pg_trgm },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  embedded.set(db, pglite);
  return db;
}
