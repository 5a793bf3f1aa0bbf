import { buildApp } from './app';
import { loadConfig } from './config';

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
