import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';

/** A small build as `npm run build` writes one, for the static app's tests. */

/**
 * What `vite build` writes for a text file over 1 KB: the file and its brotli and gzip twins,
 * at the build's settings (quality 11, level 9), which per-request compression never uses: a
 * response whose bytes equal a twin was sent from the twin.
 */
function writeWithTwins(file: string, text: string): { br: Buffer; gz: Buffer } {
  const br = brotliCompressSync(text, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } });
  const gz = gzipSync(text, { level: 9 });
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gz);
  return { br, gz };
}

export const INDEX = `<!doctype html><html lang="da"><title>app</title>${'<!-- padding -->'.repeat(100)}</html>`;
export const ASSET = `console.log(${JSON.stringify('x'.repeat(4000))});`;
export const SERVICE_WORKER = `self.precache = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `assets/chunk-${i}.js`))};`;
export const CHROMIUM = 'gzip, deflate, br, zstd';
/** A PNG's signature and a few bytes: images are sent as they are, never compressed again. */
export const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(2000, 7)]);

/** index.html and an asset with twins, sw.js without (written after the build's twins), an icon. */
export function writeBuild(): {
  dir: string;
  indexTwins: { br: Buffer; gz: Buffer };
  assetTwins: { br: Buffer; gz: Buffer };
} {
  const dir = mkdtempSync(path.join(tmpdir(), 'bt-static-'));
  const indexTwins = writeWithTwins(path.join(dir, 'index.html'), INDEX);
  mkdirSync(path.join(dir, 'assets'));
  const assetTwins = writeWithTwins(path.join(dir, 'assets', 'index-abc123.js'), ASSET);
  writeFileSync(path.join(dir, 'sw.js'), SERVICE_WORKER);
  mkdirSync(path.join(dir, 'icons'));
  writeFileSync(path.join(dir, 'icons', 'icon.png'), PNG);
  return { dir, indexTwins, assetTwins };
}
