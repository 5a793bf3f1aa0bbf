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

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `Boligtilgængelighed on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}` +
    (config.demoSso ? ' (demo sign-in on)' : ''),
);
