import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
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

  it.each(['/', '/hjaelp.html', '/api/v2/staticcontent', '/api/v2/nothing', '/auth/login'])(
    'are on %s',
    async (url) => {
      const response = await plain.app.inject({ url });
      expect(response.headers['content-security-policy']).toContain(`script-src 'self' ${sha(INLINE)};`);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['permissions-policy']).toMatch(/^geolocation=\(self\), camera=\(\)/);
    },
  );

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
