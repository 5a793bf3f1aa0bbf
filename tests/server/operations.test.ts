import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerChild } from '../../scripts/server-child';
import { bearer, startTestApp, type TestApp } from './helpers';
import { scaledMs } from '../support/time-factor';

describe('health and readiness for a load balancer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(null);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers /healthz and /readyz without a token', async () => {
    const health = await t.app.inject({ url: '/healthz' });
    expect([health.statusCode, health.json()]).toEqual([200, { status: 'ok' }]);
    const ready = await t.app.inject({ url: '/readyz' });
    expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ready' }]);
  });

  it('is not ready while a migration this code knows is not applied', async () => {
    const last = await t.app.db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .orderBy('name' as never, 'desc')
      .executeTakeFirstOrThrow();
    const name = (last as { name: string }).name;
    await t.app.db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', name as never)
      .execute();
    try {
      const ready = await t.app.inject({ url: '/readyz' });
      expect([ready.statusCode, ready.json()]).toEqual([
        503,
        { status: 'migrations pending', migrations: [name] },
      ]);
    } finally {
      await t.app.db
        .insertInto('kysely_migration' as never)
        .values({ name, timestamp: new Date().toISOString() } as never)
        .execute();
    }
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
});

describe('a graceful stop of npm start', () => {
  it('on SIGTERM ends a held hub request with Close (reconnect allowed), finishes, and exits 0', async () => {
    const logFile = path.join(mkdtempSync(path.join(tmpdir(), 'bt-operations-')), 'stdout.log');
    const log = () => readFileSync(logFile, 'utf8');
    // The TypeScript through tsx: no build needed (the end-to-end suite runs the compiled one).
    const server = await startServerChild({
      entry: 'source',
      env: {
        DATABASE_URL: 'memory://',
        STATIC_DIR: '',
        JOB_WORKER: 'true',
        LOG_LEVEL: 'info',
        SHUTDOWN_TIMEOUT_MS: '5000',
      },
      stdio: ['ignore', openSync(logFile, 'w'), 'inherit'],
      readyPath: '/readyz',
      timeoutMs: 120_000,
    });
    const token = await fetch(`${server.base}/auth/demo-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'skriver' }),
    }).then(async (r) => ((await r.json()) as { token: string }).token);
    // Log lines are written in batches, but a quiet server's line is out within a second or so
    // (http/server.ts).
    await expect.poll(log, { timeout: 3_000, interval: 100 }).toContain('"url":"/auth/demo-token"');
    const negotiate = await fetch(`${server.base}/messagehub/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: bearer(token),
    }).then(async (r) => (await r.json()) as { connectionToken: string });
    const hub = `${server.base}/messagehub?id=${negotiate.connectionToken}`;
    // Long polling as the SignalR client does it: the first poll answers at once, then the
    // handshake, whose answer the second poll brings.
    expect(await fetch(hub, { headers: bearer(token) }).then((r) => r.text())).toBe('');
    await fetch(hub, {
      method: 'POST',
      headers: bearer(token),
      body: '{"protocol":"json","version":1}\u001e',
    });
    expect(await fetch(hub, { headers: bearer(token) }).then((r) => r.text())).toBe('{}\u001e');
    const held = fetch(hub, { headers: bearer(token) }).then((r) => r.text()); // waits for a message
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stoppedAt = Date.now();
    process.kill(server.pid, 'SIGTERM');
    // The held poll is answered with the hub's Close, which lets the client reconnect elsewhere.
    expect(JSON.parse((await held).split('\u001e')[0]!)).toMatchObject({ type: 7, allowReconnect: true });
    expect(await server.exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(scaledMs(5_000));
    // Whatever waited in the batch was written at exit: the goodbye, and the held poll answered
    // after it (the third GET of the hub).
    const lines = log().trim().split('\n');
    const goodbye = lines.findIndex((line) => line.includes('SIGTERM: shutting down'));
    expect(goodbye).toBeGreaterThan(0);
    const polls = lines.filter((line) => line.includes('"method":"GET","url":"/messagehub?id=[redacted]"'));
    expect(polls).toHaveLength(3);
    expect(lines.indexOf(polls[2]!)).toBeGreaterThan(goodbye);
  }, 150_000);
});
