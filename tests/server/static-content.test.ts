import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaticContent } from '../../shared/contract/static-content';
import { startTestApp, type TestApp } from './helpers';

const URL = '/api/v2/staticcontent';
const CHROMIUM = 'gzip, deflate, br, zstd';

describe('staticcontent: built once per change, validated by ETag', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(null);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers without a token, with a strong ETag and no-cache', async () => {
    const response = await t.app.inject({ url: URL });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.etag).toMatch(/^"[^"]+"$/);
    const content = response.json<StaticContent>();
    expect(content.translationSettings.translations['general.saved']).toBeTruthy();
    expect(Object.keys(content.helpScreenSettings.helpScreenPerQuestion).length).toBeGreaterThan(10);
    expect(Object.keys(content.chaptersSettings).length).toBeGreaterThan(0);
  });

  it('sends brotli or gzip compressed once, each decoding to the same JSON under its own ETag', async () => {
    const plain = await t.app.inject({ url: URL });
    const br = await t.app.inject({ url: URL, headers: { 'accept-encoding': CHROMIUM } });
    const gz = await t.app.inject({ url: URL, headers: { 'accept-encoding': 'gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    for (const response of [plain, br, gz]) {
      expect(String(response.headers.vary).toLowerCase()).toContain('accept-encoding');
    }
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(plain.json());
    expect(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(3);
  });

  it.each([
    ['the same tag', (etag: string) => etag],
    ['the tag marked weak', (etag: string) => `W/${etag}`],
    ['a list that holds it', (etag: string) => `"stale", ${etag}`],
    ['any', () => '*'],
  ])('answers If-None-Match with %s by 304 without a body', async (_, ifNoneMatch) => {
    const first = await t.app.inject({ url: URL, headers: { 'accept-encoding': CHROMIUM } });
    const again = await t.app.inject({
      url: URL,
      headers: { 'accept-encoding': CHROMIUM, 'if-none-match': ifNoneMatch(String(first.headers.etag)) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['cache-control']).toBe('no-cache');
  });

  it('answers 304 to a copy fetched in another encoding: it decodes to the same content', async () => {
    const gz = await t.app.inject({ url: URL, headers: { 'accept-encoding': 'gzip' } });
    const again = await t.app.inject({
      url: URL,
      headers: { 'accept-encoding': CHROMIUM, 'if-none-match': String(gz.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers 200 with the content to a tag that is not current', async () => {
    const response = await t.app.inject({ url: URL, headers: { 'if-none-match': '"something-else"' } });
    expect(response.statusCode).toBe(200);
    expect(response.json<StaticContent>().chaptersSettings).toBeTruthy();
  });

  it('is not read from the catalogue per request, and is built again once invalidated', async () => {
    const before = await t.app.inject({ url: URL });
    const [chapter] = await t.app.db
      .selectFrom('chapters')
      .select(['id', 'label'])
      .orderBy('position')
      .execute();
    await t.app.db
      .updateTable('chapters')
      .set({ label: 'Ændret kapitel' })
      .where('id', '=', chapter!.id)
      .execute();
    try {
      const unchanged = await t.app.inject({ url: URL });
      expect(unchanged.headers.etag).toBe(before.headers.etag);
      expect(unchanged.json<StaticContent>().chaptersSettings[chapter!.id]!.label).toBe(chapter!.label);

      t.app.staticContent.invalidate();
      const rebuilt = await t.app.inject({
        url: URL,
        headers: { 'if-none-match': String(before.headers.etag) },
      });
      expect(rebuilt.statusCode).toBe(200);
      expect(rebuilt.headers.etag).not.toBe(before.headers.etag);
      expect(rebuilt.json<StaticContent>().chaptersSettings[chapter!.id]!.label).toBe('Ændret kapitel');
    } finally {
      await t.app.db
        .updateTable('chapters')
        .set({ label: chapter!.label })
        .where('id', '=', chapter!.id)
        .execute();
      t.app.staticContent.invalidate();
    }
  });
});
