import Fastify, { type FastifyInstance } from 'fastify';
import { destination, type DestinationStream } from 'pino';
import type { Config } from '../config';
import { loggerOptions, quietRequestLogController, registerRequestLog, requestId } from '../logging';
import { validatorCompiler } from '../validation';
import { answerRouterRefusal } from './router-refusals';

export interface ServerOptions {
  /** Fastify logging; off in tests. */
  logger?: boolean;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: NodeJS.WritableStream;
}

/**
 * Log lines are written together once this many bytes wait, or after FLUSH_MS. The writes stay
 * small: while one is under way, sonic-boom appends each new line to the last waiting string
 * and measures that string's bytes again, so a line's cost grows with the chunk; chunks of
 * 16 KB (its default) made a line cost 4 µs, of 4 KB 2.6 (docs/performance.md "Logs").
 */
const LOG_BUFFER_BYTES = 2 * 1024;
const LOG_CHUNK_BYTES = 4 * 1024;
const FLUSH_MS = 1000;

/**
 * Standard output, written without blocking and in batches: pino's default writes each line
 * synchronously, and under load (one line per request) that write was a third of the
 * server's time; written one by one off the event loop, the lines still cost a fifth of a small
 * answer's throughput in system calls (docs/performance.md "Logs"). A quiet server's line waits
 * a second at most; pino writes what waits when the process exits, but a process killed
 * outright (SIGKILL) loses its last second of lines.
 */
function standardOutput(): DestinationStream {
  const stream = destination({
    dest: 1,
    sync: false,
    minLength: LOG_BUFFER_BYTES,
    maxWrite: LOG_CHUNK_BYTES,
  });
  setInterval(() => {
    if (!(stream as { destroyed?: boolean }).destroyed) stream.flush();
  }, FLUSH_MS).unref();
  return stream;
}

/**
 * The Fastify instance with what every request meets first: the request log and its ids, the
 * body limit (docs/api.md "Conventions": 256 KiB), the proxies trusted, the router's refusals
 * and the strict validators (validation.ts).
 */
export function createServer(config: Config, options: ServerOptions): FastifyInstance {
  const app = Fastify({
    logger: options.logger
      ? { ...loggerOptions(config.logLevel), stream: options.logStream ?? standardOutput() }
      : false,
    logController: quietRequestLogController(),
    genReqId: requestId,
    bodyLimit: 256 * 1024,
    trustProxy: config.trustProxy,
    frameworkErrors: answerRouterRefusal,
  });
  registerRequestLog(app);
  if (config.trustProxy === true) {
    // Every client may write X-Forwarded-For itself: with `true` the address the limits count
    // by is the client's own claim (README "Environment variables").
    app.log.warn(
      'TRUST_PROXY=true believes X-Forwarded-For from anyone: give the proxy hop count (TRUST_PROXY=1) or its addresses instead',
    );
  }
  app.setValidatorCompiler(validatorCompiler);
  return app;
}
