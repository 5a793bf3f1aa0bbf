// The server compiled for production (docs/operations.md "Starting"): server/src/main.ts and
// everything of ours it imports (shared/ too) bundled by esbuild into one ES module,
// dist-server/main.js, with a source map, so that `node --enable-source-maps` names the
// TypeScript lines in a stack trace. Packages stay imports of node_modules, as installed.
import { build } from 'esbuild';

const started = performance.now();
const result = await build({
  entryPoints: ['server/src/main.ts'],
  outfile: 'dist-server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  // Fastify's and our logs name functions; a minified bundle would rename them.
  minify: false,
  keepNames: true,
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
console.log(
  `dist-server/main.js: ${(bytes / 1024).toFixed(0)} KB with its map, ` +
    `${Object.keys(result.metafile.inputs).length} modules, ${Math.round(performance.now() - started)} ms`,
);
