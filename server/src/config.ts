import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_SESSION_MAX_AGE_S } from './auth/tokens';
import { DEFAULT_POOL } from './db/pool-settings';
import { isUuid } from '../../shared/contract/common';
import type { RateLimits } from './http/rate-limits';

/** Server configuration, read from the environment with a safe default for each value. */
export interface Config {
  port: number;
  host: string;
  /** `memory://` (tests), a PGlite data directory, or `postgres://...` for a real server. */
  databaseUrl: string;
  jwtSecret: string;
  tokenTtlS: number;
  /** The longest a session lasts from its sign-in, however often renewed (SESSION_MAX_AGE_S). */
  sessionMaxAgeS: number;
  /** The demo single sign-on pages and the demo-token endpoint. */
  demoSso: boolean;
  /** Sign-in through an OpenID Connect provider (OIDC_*); null: not configured. */
  oidc: OidcConfig | null;
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
  /** How long an answer's idempotency key is kept (IDEMPOTENCY_KEY_RETENTION_DAYS). */
  idempotencyKeyRetentionDays: number;
  /** How long a finished job and its items are kept (JOB_RETENTION_DAYS). */
  jobRetentionDays: number;
  /** Items an organization may have waiting in the queue (JOB_QUEUE_ITEMS_PER_ORGANIZATION). */
  jobQueueItemsPerOrganization: number;
  /** How long a shutdown waits for requests in flight before it closes them (SHUTDOWN_TIMEOUT_MS). */
  shutdownTimeoutMs: number;
  /** Requests per minute (RATE_LIMIT_SIGN_IN_PER_MINUTE, _API_, _HUB_; http/rate-limits.ts). */
  rateLimits: RateLimits;
  /**
   * The service message in the app's header (SERVICE_MESSAGE). null when unset or empty: then
   * the demo data's demonstration text where the database holds it, else none
   * (content/service-message.ts).
   */
  serviceMessage: string | null;
  /**
   * Where `/metrics` answers (docs/operations.md "Metrics"): on a port of its own
   * (METRICS_PORT, on HOST), and/or on the API's port to a bearer token (METRICS_TOKEN, 16
   * characters or more); with neither, nowhere.
   */
  metrics: { port: number | null; token: string | null };
}

/**
 * Which claims of the provider's ID token say who the user is, what they may do and where
 * (docs/sign-in.md). A claim name may be a dotted path into nested claims
 * (`realm_access.roles`).
 */
export interface OidcClaimMapping {
  /** The stable id of the user at the provider (OIDC_SUBJECT_CLAIM; Entra ID: `oid`). */
  subject: string;
  /** The name the app shows (OIDC_NAME_CLAIM). */
  name: string;
  /** The claim listing the user's roles or groups that grant a role (OIDC_ROLES_CLAIM). */
  roles: string;
  /** Values of that claim that grant write access (OIDC_WRITE_ROLES). */
  writeRoles: readonly string[];
  /** Values that grant read access (OIDC_READ_ROLES); write wins when both are there. */
  readRoles: readonly string[];
  /** The claim listing the user's organizations (OIDC_ORGANIZATIONS_CLAIM). */
  organizations: string;
  /**
   * Claim value → organization id (OIDC_ORGANIZATION_MAP). Empty: the claim's values are
   * organization ids themselves.
   */
  organizationMap: ReadonlyMap<string, string>;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Where the provider sends the browser back; its path is the callback route. */
  redirectUri: string;
  /**
   * Where the provider's logout sends the browser back: the app's start (its login screen;
   * /loggedout is for a session that ran out, not for one the user ended).
   */
  postLogoutRedirectUri: string;
  scopes: string;
  claims: OidcClaimMapping;
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

/**
 * The demo sign-in hands a token to anyone who asks (docs/sign-in.md). By default it is on
 * only for the embedded database on a loopback address (`npm start`, the tests); on another
 * address it must be forced (`DEMO_SSO=force`), so that no server reachable from a network
 * opens that door by a default. A real PostgreSQL server is an organization's deployment: its
 * sign-on is its own.
 */
function demoSso(raw: string | undefined, host: string, postgres: boolean): boolean {
  const loopback = LOOPBACK_HOSTS.has(host) || host === '::1' || /^127\./.test(host);
  if (raw?.toLowerCase() === 'force') return true;
  const on = bool('DEMO_SSO', raw, !postgres && loopback);
  if (on && !loopback)
    throw new ConfigError(
      `DEMO_SSO is on while HOST=${host} can be reached from other machines: anyone there could sign in as a demo user. ` +
        'Use HOST=127.0.0.1, or DEMO_SSO=force if that is what you want (a demonstration on a closed network).',
    );
  return on;
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

function list(raw: string | undefined, fallback: readonly string[]): string[] {
  if (raw === undefined || raw.trim() === '') return [...fallback];
  return raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** An http(s) URL; plain http only on this machine (a test provider), never across a network. */
function url(name: string, raw: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be a URL, got "${raw}"`);
  }
  if (parsed.protocol === 'https:') return parsed;
  if (parsed.protocol === 'http:' && LOOPBACK_HOSTS.has(parsed.hostname)) return parsed;
  throw new ConfigError(`${name} must be an https URL (http only on 127.0.0.1 or localhost), got "${raw}"`);
}

function organizationMap(raw: string | undefined): Map<string, string> {
  const map = new Map<string, string>();
  for (const pair of list(raw, [])) {
    const at = pair.lastIndexOf('=');
    const value = pair.slice(0, at).trim();
    const organizationId = pair.slice(at + 1).trim();
    if (at <= 0 || !isUuid(organizationId))
      throw new ConfigError(
        `OIDC_ORGANIZATION_MAP must be comma-separated claimValue=organizationId pairs, got "${pair}"`,
      );
    map.set(value, organizationId.toLowerCase());
  }
  return map;
}

/** OIDC_* (docs/sign-in.md): null unless OIDC_ISSUER is set; then the client's three are required. */
function oidcConfig(env: NodeJS.ProcessEnv, appUrl: string): OidcConfig | null {
  if (!env.OIDC_ISSUER) return null;
  const missing = ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_REDIRECT_URI'].filter((name) => !env[name]);
  if (missing.length > 0)
    throw new ConfigError(`OIDC_ISSUER is set, so ${missing.join(', ')} must be set too`);
  url('OIDC_ISSUER', env.OIDC_ISSUER);
  const redirectUri = url('OIDC_REDIRECT_URI', env.OIDC_REDIRECT_URI!);
  const appBase = appUrl || redirectUri.origin;
  return {
    // The provider's issuer exactly as configured (discovery compares it character for character).
    issuer: env.OIDC_ISSUER,
    clientId: env.OIDC_CLIENT_ID!,
    clientSecret: env.OIDC_CLIENT_SECRET!,
    redirectUri: redirectUri.href,
    postLogoutRedirectUri: url(
      'OIDC_POST_LOGOUT_REDIRECT_URI',
      env.OIDC_POST_LOGOUT_REDIRECT_URI || `${appBase}/`,
    ).href,
    scopes: list(env.OIDC_SCOPES, ['openid', 'profile', 'email']).join(' '),
    claims: {
      subject: env.OIDC_SUBJECT_CLAIM || 'sub',
      name: env.OIDC_NAME_CLAIM || 'name',
      roles: env.OIDC_ROLES_CLAIM || 'roles',
      writeRoles: list(env.OIDC_WRITE_ROLES, ['write']),
      readRoles: list(env.OIDC_READ_ROLES, ['read']),
      organizations: env.OIDC_ORGANIZATIONS_CLAIM || 'groups',
      organizationMap: organizationMap(env.OIDC_ORGANIZATION_MAP),
    },
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL || path.join(DATA_DIR, 'pglite');
  const inMemory = databaseUrl === 'memory://';
  const postgres = isPostgresUrl(databaseUrl);
  // Several instances on one PostgreSQL server must accept each other's tokens: one secret,
  // given to all of them, long enough not to be guessed.
  if (postgres && Buffer.byteLength(env.JWT_SECRET ?? '') < 32)
    throw new ConfigError(
      'JWT_SECRET must be set to at least 32 bytes when DATABASE_URL is a PostgreSQL server (every instance needs the same one)',
    );
  const jwtSecret = env.JWT_SECRET || (inMemory ? randomBytes(32).toString('base64url') : persistentSecret());
  // HS256 with a shorter key can be guessed offline from one token: 32 bytes everywhere (README
  // "Environment variables"), as the generated secret has.
  if (Buffer.byteLength(jwtSecret) < 32) throw new ConfigError('JWT_SECRET must be at least 32 bytes');
  const staticDir = env.STATIC_DIR === undefined ? 'dist' : env.STATIC_DIR || null;
  const appUrl = (env.APP_URL ?? '').replace(/\/$/, '');
  const oidc = oidcConfig(env, appUrl);
  // An organization that signs in through its provider must not get the demo's open door by a
  // left-over setting: both at once is refused, not resolved.
  if (oidc && bool('DEMO_SSO', env.DEMO_SSO, false))
    throw new ConfigError(
      'DEMO_SSO is on while OIDC_ISSUER is set: demo sign-in cannot run beside a real provider. Remove DEMO_SSO or OIDC_ISSUER.',
    );
  const host = env.HOST || '127.0.0.1';
  return {
    port: positiveInt('PORT', env.PORT, 8080),
    host,
    databaseUrl,
    jwtSecret,
    tokenTtlS: positiveInt('TOKEN_TTL_S', env.TOKEN_TTL_S, 3600),
    sessionMaxAgeS: positiveInt('SESSION_MAX_AGE_S', env.SESSION_MAX_AGE_S, DEFAULT_SESSION_MAX_AGE_S),
    demoSso: !oidc && demoSso(env.DEMO_SSO, host, postgres),
    oidc,
    appUrl,
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
    idempotencyKeyRetentionDays: positiveInt(
      'IDEMPOTENCY_KEY_RETENTION_DAYS',
      env.IDEMPOTENCY_KEY_RETENTION_DAYS,
      30,
    ),
    jobRetentionDays: positiveInt('JOB_RETENTION_DAYS', env.JOB_RETENTION_DAYS, 30),
    // Two jobs of the largest size: an office may queue a copy and its approval at once.
    jobQueueItemsPerOrganization: positiveInt(
      'JOB_QUEUE_ITEMS_PER_ORGANIZATION',
      env.JOB_QUEUE_ITEMS_PER_ORGANIZATION,
      10_000,
    ),
    rateLimits: {
      signInPerMinute: positiveInt('RATE_LIMIT_SIGN_IN_PER_MINUTE', env.RATE_LIMIT_SIGN_IN_PER_MINUTE, 30),
      // Taking a big department along sends a few hundred requests a second for a while.
      apiPerMinute: positiveInt('RATE_LIMIT_API_PER_MINUTE', env.RATE_LIMIT_API_PER_MINUTE, 30_000),
      hubPerMinute: positiveInt('RATE_LIMIT_HUB_PER_MINUTE', env.RATE_LIMIT_HUB_PER_MINUTE, 30),
      windowS: positiveInt('RATE_LIMIT_WINDOW_S', env.RATE_LIMIT_WINDOW_S, 60),
    },
    serviceMessage: env.SERVICE_MESSAGE?.trim() || null,
    metrics: {
      port: env.METRICS_PORT ? positiveInt('METRICS_PORT', env.METRICS_PORT, 0) : null,
      token: metricsToken(env.METRICS_TOKEN),
    },
  };
}

/** A token a scraper sends as `Authorization: Bearer`: long enough not to be guessed. */
function metricsToken(raw: string | undefined): string | null {
  const token = raw?.trim() ?? '';
  if (token === '') return null;
  if (token.length < 16) throw new ConfigError('METRICS_TOKEN must be at least 16 characters');
  return token;
}

export { isPostgresUrl };
