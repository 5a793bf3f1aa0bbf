import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain script of the build, without types
import { compressBuild } from '../../scripts/compress-build.mjs';

/**
 * The build's missing twins (scripts/compress-build.mjs, docs/performance.md "Bytes on the
 * wire"): every text file gets a brotli and a gzip twin holding its bytes, small ones and the
 * service worker written after the build's own twins too; twins already there, images and the
 * twins themselves are left alone.
 */

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('compressBuild', () => {
  it('writes twins for every text file without them, and nothing else', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'compress-build-'));
    mkdirSync(path.join(dir, 'assets'));
    const sw = `self.addEventListener('fetch', () => {});\n`.repeat(200);
    writeFileSync(path.join(dir, 'sw.js'), sw);
    writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name":"Boligtilgængelighed"}');
    writeFileSync(path.join(dir, 'assets', 'index-abc.js'), 'console.log(1)');
    writeFileSync(path.join(dir, 'assets', 'index-abc.js.br'), 'kept');
    writeFileSync(path.join(dir, 'assets', 'index-abc.js.gz'), 'kept');
    writeFileSync(path.join(dir, 'icon.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));

    const written = (compressBuild(dir) as string[]).sort();

    expect(written).toEqual(['manifest.webmanifest', 'sw.js']);
    expect(brotliDecompressSync(readFileSync(path.join(dir, 'sw.js.br'))).toString()).toBe(sw);
    expect(gunzipSync(readFileSync(path.join(dir, 'sw.js.gz'))).toString()).toBe(sw);
    expect(statSync(path.join(dir, 'sw.js.br')).size).toBeLessThan(sw.length / 10);
    expect(readFileSync(path.join(dir, 'assets', 'index-abc.js.br'), 'utf8')).toBe('kept');
    // Run again: nothing more to do.
    expect(compressBuild(dir)).toEqual([]);
  });
});
