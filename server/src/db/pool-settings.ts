/**
 * A PostgreSQL server's pool (DATABASE_POOL_SIZE, DATABASE_STATEMENT_TIMEOUT_MS): the defaults
 * of config.ts, and of createDatabase (db/client.ts) where a test or a script calls it alone.
 */
export interface PoolSettings {
  poolSize: number;
  statementTimeoutMs: number;
}

export const DEFAULT_POOL: PoolSettings = { poolSize: 10, statementTimeoutMs: 30_000 };
