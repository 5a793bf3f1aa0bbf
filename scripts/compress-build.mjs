// Brotli and gzip twins for every text file of the build that has none (docs/performance.md
// "Bytes on the wire"), so that the server compresses no file per request: vite-plugin-compression2
// writes twins during the build for assets over 1 KB, but the service worker and its workbox
// runtime are written after it, and small files were left alone. A file under 1 KB gets twins
// too: the server would otherwise compress it at its first request (server/src/http/
// static-files.ts). Run by `npm run build` after `vite build`.
import { readdirSync, readFileSync, statSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

/** What a browser gets compressed: text. Images other than SVG, fonts and the twins are not. */
const TEXT = /\.(html|js|mjs|css|svg|json|webmanifest|txt|xml|map)$/;

/** Writes the missing twins under `dir`; answers the files that got them. */
export function compressBuild(dir) {
  const written = [];
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        walk(file);
        continue;
      }
      if (!TEXT.test(entry.name)) continue;
      if (existsSync(`${file}.br`) && existsSync(`${file}.gz`)) continue;
      const bytes = readFileSync(file);
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
      );
      writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      written.push(path.relative(dir, file));
    }
  };
  walk(dir);
  return written;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? 'dist';
  const written = compressBuild(dir);
  const bytes = written.reduce((sum, file) => sum + statSync(path.join(dir, file)).size, 0);
  console.log(
    `${dir}: brotli and gzip twins for ${written.length} more files (${(bytes / 1024).toFixed(0)} KB)`,
  );
}
