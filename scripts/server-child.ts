import { spawn, type StdioOptions } from 'node:child_process';
import { existsSync, openSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

export interface ServerChild {
  base: string;
  /** Stops the server as a service manager would (SIGINT: it closes, then exits) and waits. */
  close(): Promise<void>;
  /** The exit code once the process has ended (null: ended by a signal it did not handle). */
  exited: Promise<number | null>;
  /** The server's process (tests send it signals). */
  pid: number;
}

/**
 * Limits no bench reaches (server/src/http/rate-limits.ts): a bench measures the server's
 * throughput, not its refusals; the limiter still runs on every request.
 */
export const BENCH_RATE_LIMITS = {
  RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000000000',
  RATE_LIMIT_API_PER_MINUTE: '1000000000',
  RATE_LIMIT_HUB_PER_MINUTE: '1000000000',
};

/** A port on 127.0.0.1 that nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The compiled server (`npm run build`, scripts/build-server.mjs), as `npm start` runs it. */
export const COMPILED_SERVER = 'dist-server/main.js';

/** How to run the server: the compiled build, as production, or the TypeScript through tsx. */
function serverCommand(entry: 'compiled' | 'source'): string[] {
  if (entry === 'source') return ['--import', 'tsx'];
  if (!existsSync(COMPILED_SERVER))
    throw new Error(`${COMPILED_SERVER} is missing: run \`npm run build\` first (it compiles the server)`);
  return ['--enable-source-maps'];
}

/**
 * The server in a process of its own on a free port of 127.0.0.1: by default the compiled build
 * as `npm start` runs it, or (`entry: 'source'`) its TypeScript through tsx (`node --import
 * tsx`), which needs no build. One process, so that `nodeArgs` such as --cpu-prof reach the
 * server. Resolves once `readyPath` answers 200; throws when the server exits first or is not up
 * within `timeoutMs` (then it is killed). `hint` ends the errors (where the server's log is).
 */
export async function startServerChild(options: {
  env: NodeJS.ProcessEnv;
  entry?: 'compiled' | 'source';
  nodeArgs?: readonly string[];
  stdio: StdioOptions;
  readyPath: string;
  timeoutMs: number;
  hint?: string;
  /** A port of one's choosing (a restart on the same origin); default a free one. */
  port?: number;
}): Promise<ServerChild> {
  const port = options.port ?? (await freePort());
  const child = spawn(
    process.execPath,
    [
      ...serverCommand(options.entry ?? 'compiled'),
      ...(options.nodeArgs ?? []),
      options.entry === 'source' ? 'server/src/main.ts' : COMPILED_SERVER,
    ],
    {
      env: { ...process.env, ...options.env, HOST: '127.0.0.1', PORT: String(port) },
      stdio: options.stdio,
    },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const see = options.hint ? `; ${options.hint}` : '';
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const gone = await Promise.race([exited, new Promise((r) => setTimeout(() => r('waiting'), 250))]);
    if (gone !== 'waiting') throw new Error(`the server exited (${String(gone)})${see}`);
    const up = await fetch(`${base}${options.readyPath}`).then(
      (response) => response.ok,
      () => false, // not listening yet
    );
    if (up) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await exited;
      throw new Error(`the server did not start within ${options.timeoutMs / 1000} s${see}`);
    }
  }
  return {
    base,
    exited,
    pid: child.pid!,
    async close() {
      child.kill('SIGINT');
      await exited;
    },
  };
}

/**
 * startServerChild for a bench that measures under load: the compiled server, its output
 * appended to `<workDir>/server-<label>.log` as a service's stdout would be, and with
 * BENCH_CPU_PROF set run with --cpu-prof into `<workDir>/cpu-prof-<label>`, which is named when
 * the server is closed.
 */
export async function startLoggedServer(options: {
  env: NodeJS.ProcessEnv;
  workDir: string;
  label: string;
  readyPath: string;
}): Promise<ServerChild & { logFile: string }> {
  const logFile = path.join(options.workDir, `server-${options.label}.log`);
  const profDir = path.join(options.workDir, `cpu-prof-${options.label}`);
  const out = openSync(logFile, 'a');
  const server = await startServerChild({
    env: options.env,
    nodeArgs: process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [],
    stdio: ['ignore', out, out],
    readyPath: options.readyPath,
    timeoutMs: 180_000,
    hint: `see ${logFile}`,
  });
  return {
    ...server,
    logFile,
    async close() {
      await server.close();
      if (process.env.BENCH_CPU_PROF)
        console.log(`  CPU profile of the server (${options.label}): ${profDir}`);
    },
  };
}
