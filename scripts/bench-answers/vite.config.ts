import { defineConfig } from 'vite';

export default defineConfig({
  root: 'scripts/bench-answers',
  logLevel: 'error',
  build: {
    outDir: process.env.BENCH_OUT_DIR ?? '/tmp/bt-bench-answers',
    emptyOutDir: true,
    target: 'es2022',
  },
});
