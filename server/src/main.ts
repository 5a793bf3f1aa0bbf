import { existsSync } from 'node:fs';
import { buildApp } from './app';
import { loadConfig } from './config';

// A .env file in the working directory (`cp .env.example .env`) fills in the variables the
// environment leaves unset: process.loadEnvFile never overrides a variable that is already
// set, so the shell and CI keep the last word. Nothing reads process.env before this line
// runs (config.ts reads it in loadConfig()).
const ENV_FILE = '.env';
if (existsSync(ENV_FILE)) process.loadEnvFile(ENV_FILE);

const config = loadConfig();
const app = await buildApp(config, { logger: true });

// A graceful stop for a service manager or an orchestrator (docs/architecture.md "Shutdown"):
// readiness fails, the listening socket closes, requests in flight finish (bounded by
// SHUTDOWN_TIMEOUT_MS, then their connections are closed), hub clients are told to reconnect,
// the job worker hands its job back, and the database closes.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: shutting down`);
    const force = setTimeout(() => {
      app.log.warn(`requests still open after ${config.shutdownTimeoutMs} ms: closing their connections`);
      app.server.closeAllConnections();
      setTimeout(() => process.exit(1), 5_000).unref();
    }, config.shutdownTimeoutMs).unref();
    app.close().then(
      () => {
        clearTimeout(force);
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `Boligtilgængelighed on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}` +
    (config.demoSso ? ' (demo sign-in on)' : '') +
    (config.oidc ? ` (sign-in through ${config.oidc.issuer})` : ''),
);
