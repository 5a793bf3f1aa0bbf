import { brotliCompressSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliTextOptions, chooseEncoding, varyOnAcceptEncoding } from './precompressed-body';

/**
 * Brotli quality for JSON made for one answer (the syncanswer question list, some 48 KB).
 * Measured on that list: quality 3 gives 6.9 KB in about 0.17 ms, quality 4 gives 6.7 KB in
 * about 0.27 ms, and 5 gives 6.2 KB in about 0.42 ms (docs/performance.md "The API under load").
 */
export const ANSWER_BROTLI_QUALITY = 3;

/**
 * JSON made for one answer, as UTF-8 (docs/performance.md "The API under load"). A client
 * that accepts brotli gets it compressed here, in one synchronous call: for tens of kilobytes
 * the asynchronous call cost more than the compression itself (a stream and a thread-pool
 * round trip per call, about twice the CPU time in all), and its main-thread part was about
 * the same. Any other client gets the bytes as they are, which the compression plugin
 * (compression.ts) treats like any answer. Answers what to return from the handler.
 */
export function sendJson(
  request: FastifyRequest,
  reply: FastifyReply,
  json: Buffer,
  quality = ANSWER_BROTLI_QUALITY,
): Buffer {
  reply.type('application/json; charset=utf-8');
  if (chooseEncoding(request.headers['accept-encoding']) !== 'br') return json;
  varyOnAcceptEncoding(reply);
  // The plugin leaves an answer with a Content-Encoding as it is.
  reply.header('content-encoding', 'br');
  return brotliCompressSync(json, brotliTextOptions(quality, json.length));
}
