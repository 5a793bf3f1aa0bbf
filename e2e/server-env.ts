/**
 * The environment of the servers the specs run against (one per worker, e2e/test.ts, and those a
 * spec starts with overrides, e2e/own-server.ts). Every variable the server reads is set
 * (tests/server/e2e-server-env.test.ts checks it): server/src/main.ts loads a developer's .env
 * only for variables still unset, so none of it leaks into the tests. An empty value is the
 * default for config.ts (APP_URL empty: the app on this origin). PORT is each server's own.
 */
const E2E_JWT_SECRET = 'e2e-secret-for-playwright-only-0123456789';

export const E2E_SERVER_ENV: Record<string, string> = {
  HOST: '127.0.0.1',
  DATABASE_URL: 'memory://',
  SEED: 'demo',
  DATABASE_POOL_SIZE: '',
  DATABASE_STATEMENT_TIMEOUT_MS: '',
  JWT_SECRET: E2E_JWT_SECRET,
  DEMO_SSO: 'true',
  // No OpenID Connect provider: e2e/oidc-sign-in.spec.ts starts a server of its own with one.
  OIDC_ISSUER: '',
  OIDC_CLIENT_ID: '',
  OIDC_CLIENT_SECRET: '',
  OIDC_REDIRECT_URI: '',
  OIDC_POST_LOGOUT_REDIRECT_URI: '',
  OIDC_SCOPES: '',
  OIDC_SUBJECT_CLAIM: '',
  OIDC_NAME_CLAIM: '',
  OIDC_ROLES_CLAIM: '',
  OIDC_WRITE_ROLES: '',
  OIDC_READ_ROLES: '',
  OIDC_ORGANIZATIONS_CLAIM: '',
  OIDC_ORGANIZATION_MAP: '',
  // E2E_STATIC_DIR: a build of one's own (vite build --outDir), so that two worktrees of work
  // in progress can run their specs side by side on two ports.
  STATIC_DIR: process.env.E2E_STATIC_DIR ?? 'dist',
  LOG_LEVEL: 'warn',
  TOKEN_TTL_S: '3600',
  SESSION_MAX_AGE_S: '',
  APP_URL: '',
  JOB_WORKER: 'true',
  JOB_POLL_MS: '1000',
  TRUST_PROXY: '',
  HELP_IMAGE_ORIGINS: '',
  SHUTDOWN_TIMEOUT_MS: '10000',
  IDEMPOTENCY_KEY_RETENTION_DAYS: '',
  JOB_RETENTION_DAYS: '',
  JOB_QUEUE_ITEMS_PER_ORGANIZATION: '',
  // Parallel specs sign in and connect as one user far more often than a person does;
  // e2e/rate-limits.spec.ts starts a server of its own with low limits.
  RATE_LIMIT_SIGN_IN_PER_MINUTE: '100000',
  RATE_LIMIT_API_PER_MINUTE: '1000000',
  RATE_LIMIT_HUB_PER_MINUTE: '100000',
  RATE_LIMIT_WINDOW_S: '60',
  // Empty: the demo data's demonstration text, which e2e/app-shell.spec.ts and
  // e2e/header-and-tips.spec.ts expect in the header.
  SERVICE_MESSAGE: '',
  // No /metrics (tests/server/metrics.test.ts covers it).
  METRICS_PORT: '',
  METRICS_TOKEN: '',
};
