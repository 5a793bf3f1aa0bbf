import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_POOL } from './db/pool-settings';
import type { RateLimits } from './http/rate-limits';

/** Server configuration, read from the environment with a safe default for each value. */
export interface Config {
  port: number;
  host: string;
  /** `memory://` (tests), a PGlite data directory, or `postgres://...` for a real server. */
  databaseUrl: string;
  jwtSecret: string;
  tokenTtlS: number;
  /** The demo single sign-on pages and the demo-token endpoint. */
  demoSso: boolean;
  /** Where the PWA lives, for the demo sign-on's redirect; empty means this origin. */
  appUrl: string;
  /** The built PWA served from this origin; null serves the API only. */
  staticDir: string | null;
  logLevel: string;
  /** Run the background job worker in this process (JOB_WORKER, default true). */
  jobWorker: boolean;
  /** How often the job worker looks for work when nothing woke it (JOB_POLL_MS). */
  jobPollMs: number;
  /** What an empty database is seeded with (SEED): the demo data, the national data set, or nothing. */
  seed: SeedKind;
  /**
   * Which proxies' X-Forwarded-* headers to believe (TRUST_PROXY): false (default), true, a hop
   * count, or a comma-separated list of addresses and CIDR ranges, as Fastify's `trustProxy`.
   */
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  /** Origins of help images on another server (HELP_IMAGE_ORIGINS, comma-separated), for the CSP. */
  helpImageOrigins: string[];
  /** A PostgreSQL server's connections per process (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  /** Longest a statement may run on a PostgreSQL server (DATABASE_STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs: number;
  /** How long a shutdown waits for requests in flight before it closes them (SHUTDOWN_TIMEOUT_MS). */
  shutdownTimeoutMs: number;
  /** Requests per minute (RATE_LIMIT_SIGN_IN_PER_MINUTE, _API_, _HUB_; http/rate-limits.ts). */
  rateLimits: RateLimits;
}

export const SEED_KINDS = ['demo', 'national', 'none'] as const;
export type SeedKind = (typeof SEED_KINDS)[number];

export class ConfigError extends Error {}

const DATA_DIR = '.data';

function isPostgresUrl(url: string): boolean {
  return url.startsWith('postgres://') || url.startsWith('postgresql://');
}

function positiveInt(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0)
    throw new ConfigError(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

function bool(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'on', 'yes'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'off', 'no'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function trustProxy(raw: string | undefined): Config['trustProxy'] {
  if (raw === undefined || raw === '') return false;
  // A number is a count of hops (Fastify's `trustProxy: n`), never a yes or no.
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    return hops > 0 && ((_address, hop) => hop < hops);
  }
  if (['true', 'false', 'on', 'off', 'yes', 'no'].includes(raw.toLowerCase()))
    return bool('TRUST_PROXY', raw, false);
  return raw;
}

function origins(name: string, raw: string | undefined): string[] {
  if (raw === undefined || raw.trim() === '') return [];
  return raw.split(',').map((entry) => {
    try {
      return new URL(entry.trim()).origin;
    } catch {
      throw new ConfigError(
        `${name} must be comma-separated origins like https://billeder.example.dk, got "${entry}"`,
      );
    }
  });
}

function seedKind(raw: string | undefined): SeedKind {
  if (raw === undefined || raw === '') return 'demo';
  const kind = SEED_KINDS.find((k) => k === raw.toLowerCase());
  if (!kind) throw new ConfigError(`SEED must be one of ${SEED_KINDS.join(', ')}, got "${raw}"`);
  return kind;
}

/** A secret kept in .data/ so that tokens survive a restart of the embedded set-up. */
function persistentSecret(): string {
  const file = path.join(DATA_DIR, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(DATA_DIR, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL || path.join(DATA_DIR, 'pglite');
  const inMemory = databaseUrl === 'memory://';
  const jwtSecret = env.JWT_SECRET || (inMemory ? randomBytes(32).toString('base64url') : persistentSecret());
  if (jwtSecret.length < 16) throw new ConfigError('JWT_SECRET must be at least 16 characters');
  const staticDir = env.STATIC_DIR === undefined ? 'dist' : env.STATIC_DIR || null;
  return {
    port: positiveInt('PORT', env.PORT, 8080),
    host: env.HOST || '127.0.0.1',
    databaseUrl,
    jwtSecret,
    tokenTtlS: positiveInt('TOKEN_TTL_S', env.TOKEN_TTL_S, 3600),
    // A real PostgreSQL server is an organization's deployment: its sign-on is its own.
    demoSso: bool('DEMO_SSO', env.DEMO_SSO, !isPostgresUrl(databaseUrl)),
    appUrl: (env.APP_URL ?? '').replace(/\/$/, ''),
    staticDir,
    logLevel: env.LOG_LEVEL || 'info',
    jobWorker: bool('JOB_WORKER', env.JOB_WORKER, true),
    jobPollMs: positiveInt('JOB_POLL_MS', env.JOB_POLL_MS, 1000),
    seed: seedKind(env.SEED),
    trustProxy: trustProxy(env.TRUST_PROXY),
    helpImageOrigins: origins('HELP_IMAGE_ORIGINS', env.HELP_IMAGE_ORIGINS),
    databasePoolSize: positiveInt('DATABASE_POOL_SIZE', env.DATABASE_POOL_SIZE, DEFAULT_POOL.poolSize),
    statementTimeoutMs: positiveInt(
      'DATABASE_STATEMENT_TIMEOUT_MS',
      env.DATABASE_STATEMENT_TIMEOUT_MS,
      DEFAULT_POOL.statementTimeoutMs,
    ),
    shutdownTimeoutMs: positiveInt('SHUTDOWN_TIMEOUT_MS', env.SHUTDOWN_TIMEOUT_MS, 10_000),
    rateLimits: {
      signInPerMinute: positiveInt('RATE_LIMIT_SIGN_IN_PER_MINUTE', env.RATE_LIMIT_SIGN_IN_PER_MINUTE, 30),
      // Taking a big department along sends a few hundred requests a second for a while.
      apiPerMinute: positiveInt('RATE_LIMIT_API_PER_MINUTE', env.RATE_LIMIT_API_PER_MINUTE, 30_000),
      hubPerMinute: positiveInt('RATE_LIMIT_HUB_PER_MINUTE', env.RATE_LIMIT_HUB_PER_MINUTE, 30),
    },
  };
}

export { isPostgresUrl };
