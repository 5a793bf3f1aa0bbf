import { rmSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers';
import { ASSET, CHROMIUM, INDEX, PNG, SERVICE_WORKER, writeBuild } from './static-build-fixture';

const varies = (header: unknown) =>
  String(header)
    .toLowerCase()
    .split(',')
    .map((name) => name.trim())
    .includes('accept-encoding');

describe('serving the built PWA from the API origin', () => {
  let t: TestApp;
  let indexTwins: { br: Buffer; gz: Buffer };
  let assetTwins: { br: Buffer; gz: Buffer };
  let dir: string;
  beforeAll(async () => {
    ({ dir, indexTwins, assetTwins } = writeBuild());
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

  it('sends /loginCallback, whose URL holds the token, with Referrer-Policy: no-referrer', async () => {
    const callback = await t.app.inject({ url: '/loginCallback?token=eyJa.b.c&returnPath=%2F' });
    expect(callback.statusCode).toBe(200);
    expect(callback.headers['referrer-policy']).toBe('no-referrer');
    const other = await t.app.inject({ url: '/organizations' });
    expect(other.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // However the path is spelled: the browser reads `/loginC%61llback` as /loginCallback.
    const spelled = await t.app.inject({ url: '/loginC%61llback?token=eyJa.b.c' });
    expect(spelled.headers['referrer-policy']).toBe('no-referrer');
  });

  it('answers an API path as the API, however it is spelled, never with the app', async () => {
    const miss = await t.app.inject({ url: '/%61pi/v2/nothing' });
    expect(miss.statusCode).toBe(404);
    expect(miss.json()).toEqual({ message: 'Route GET /api/v2/nothing not found', code: 'NOT_FOUND' });
  });

  it('serves hashed assets as immutable and the service worker as no-cache', async () => {
    const asset = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const sw = await t.app.inject({ url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
  });

  it('sends the brotli twin of an asset to a client that accepts it, as immutable as the asset', async () => {
    const response = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': CHROMIUM },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(varies(response.headers.vary)).toBe(true);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.rawPayload).toEqual(assetTwins.br);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(ASSET);
  });

  it('sends the gzip twin to a client that accepts gzip only', async () => {
    const response = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(varies(response.headers.vary)).toBe(true);
    expect(response.rawPayload).toEqual(assetTwins.gz);
    expect(gunzipSync(response.rawPayload).toString()).toBe(ASSET);
  });

  it.each([{}, { 'accept-encoding': 'identity' }])(
    'sends the file itself to a client that accepts no compression (%o), still varying',
    async (headers) => {
      const response = await t.app.inject({ url: '/assets/index-abc123.js', headers });
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(varies(response.headers.vary)).toBe(true);
      expect(response.body).toBe(ASSET);
    },
  );

  it('sends the app for a client route compressed from its twin, never cached', async () => {
    const response = await t.app.inject({ url: '/organizations', headers: { 'accept-encoding': CHROMIUM } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(varies(response.headers.vary)).toBe(true);
    expect(response.rawPayload).toEqual(indexTwins.br);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX);
  });

  it('compresses the service worker, which has no twin, as it sends it', async () => {
    const response = await t.app.inject({ url: '/sw.js', headers: { 'accept-encoding': CHROMIUM } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SERVICE_WORKER);
  });

  it('revalidates an asset with 304 and no body', async () => {
    const first = await t.app.inject({ url: '/sw.js', headers: { 'accept-encoding': CHROMIUM } });
    const again = await t.app.inject({
      url: '/sw.js',
      headers: { 'accept-encoding': CHROMIUM, 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('answers a missing file with 404, not with the app', async () => {
    const response = await t.app.inject({ url: '/icons/missing.png' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });

  it('sends an image as it is, with its type, to a client that accepts brotli', async () => {
    const response = await t.app.inject({ url: '/icons/icon.png', headers: { 'accept-encoding': CHROMIUM } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload).toEqual(PNG);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const response = await t.app.inject({
      method: 'HEAD',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': CHROMIUM },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-length']).toBe(String(assetTwins.br.length));
    expect(response.rawPayload.length).toBe(0);
  });

  it('serves the build it read at start from memory: the disk is not read per request', async () => {
    // docs/performance.md "Static files": a build is never changed under a running server.
    rmSync(path.join(dir, 'assets', 'index-abc123.js.br'));
    const response = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': CHROMIUM },
    });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(assetTwins.br);
  });

  it('keeps unknown API paths JSON 404s', async () => {
    const response = await t.app.inject({ url: '/api/v2/unknown', headers: { 'accept-encoding': CHROMIUM } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/json/);
    expect(response.json().code).toBe('NOT_FOUND');
  });
});
