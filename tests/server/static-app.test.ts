import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers';

describe('serving the built PWA from the API origin', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bt-static-'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html lang="da"><title>app</title></html>');
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(dir, 'sw.js'), 'self.x = 1');
    t = await startTestApp(null, { STATIC_DIR: dir }, { seed: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(['/', '/organizations', '/residence/123', '/assessment/1/2/screening/001?x=1'])(
    'answers the client route %s with index.html, never cached',
    async (url) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<html lang="da">');
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves hashed assets as immutable and the service worker as no-cache', async () => {
    const asset = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const sw = await t.app.inject({ url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing file with 404, not with the app', async () => {
    const response = await t.app.inject({ url: '/icons/missing.png' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });

  it('keeps unknown API paths JSON 404s', async () => {
    const response = await t.app.inject({ url: '/api/v2/unknown' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/json/);
  });
});
