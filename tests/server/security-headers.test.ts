import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineScriptHashes } from '../../server/src/http/security-headers';
import { startTestApp, type TestApp } from './helpers';

const INLINE = "if(document.cookie)console.log('preload')";
const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

function buildDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bt-csp-'));
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><title>x</title><script>${INLINE}</script>` +
      `<script type="module" crossorigin src="/assets/index.js"></script><style>p{}</style></head></html>`,
  );
  writeFileSync(path.join(dir, 'hjaelp.html'), '<!doctype html><title>Hjælp</title><style>p{}</style>');
  writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(dir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(dir, 'icon.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'index.js'), 'export {};');
  return dir;
}

describe('the Content-Security-Policy', () => {
  it('allows exactly the build’s inline scripts, by hash, and no inline script otherwise', () => {
    const dir = buildDir();
    expect(inlineScriptHashes(dir)).toEqual([sha(INLINE)]);
    const policy = contentSecurityPolicy({ staticDir: dir, appUrl: '', helpImageOrigins: [] });
    expect(policy['script-src']).toEqual(["'self'", sha(INLINE)]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(JSON.stringify(policy['script-src'])).not.toContain('unsafe');
  });

  it('lets help images from configured origins in, to be shown and taken along', () => {
    const policy = contentSecurityPolicy({
      staticDir: null,
      appUrl: 'https://app.example.dk/',
      helpImageOrigins: ['https://billeder.example.dk'],
    });
    expect(policy['img-src']).toContain('https://billeder.example.dk');
    expect(policy['connect-src']).toContain('https://billeder.example.dk');
    expect(policy['form-action']).toEqual(["'self'", 'https://app.example.dk']);
  });
});

describe('security headers on the server', () => {
  let plain: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    const dir = buildDir();
    plain = await startTestApp(null, { STATIC_DIR: dir }, { seed: false });
    proxied = await startTestApp(null, { STATIC_DIR: dir, TRUST_PROXY: '1' }, { seed: false });
  });
  afterAll(async () => {
    await plain?.close();
    await proxied?.close();
  });

  it.each(['/', '/departments', '/hjaelp.html', '/auth/login', '/sw.js', '/logo.svg'])(
    'are all on the document or worker %s',
    async (url) => {
      const response = await plain.app.inject({ url });
      expect(response.headers['content-security-policy']).toContain(`script-src 'self' ${sha(INLINE)};`);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['permissions-policy']).toMatch(/^geolocation=\(self\), camera=\(\)/);
    },
  );

  it.each(['/api/v2/staticcontent', '/api/v2/nothing', '/assets/index.js', '/icon.png'])(
    'are a policy that allows nothing, nosniff and CORP on %s, which is no document',
    async (url) => {
      const response = await plain.app.inject({ url });
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      for (const name of [
        'x-frame-options',
        'referrer-policy',
        'permissions-policy',
        'cross-origin-opener-policy',
      ]) {
        expect(response.headers[name], name).toBeUndefined();
      }
    },
  );

  it("leave a 304's headers as they were: the browser keeps them with its copy of the page", async () => {
    const first = await plain.app.inject({ url: '/' });
    const again = await plain.app.inject({
      url: '/',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
  });

  it('sends HSTS only over HTTPS, as a trusted proxy says (TRUST_PROXY)', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    expect((await plain.app.inject({ url: '/' })).headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY anyone could write the header: it is not believed.
    expect(
      (await plain.app.inject({ url: '/', headers: https })).headers['strict-transport-security'],
    ).toBeUndefined();
    expect(
      (await proxied.app.inject({ url: '/', headers: https })).headers['strict-transport-security'],
    ).toBe('max-age=63072000; includeSubDomains');
    expect((await proxied.app.inject({ url: '/' })).headers['strict-transport-security']).toBeUndefined();
  });
});
