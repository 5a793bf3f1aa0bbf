import { promisify } from 'node:util';
import { brotliDecompress } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { chooseEncoding, varyOnAcceptEncoding } from './precompressed-body';

/**
 * JSON that is compressed already (the syncanswer response, stored as the brotli bytes it was
 * sent as; docs/architecture.md "The API under load"), or JSON text. A client that accepts
 * brotli gets the bytes as they are; any other gets the text, which the compression plugin
 * (compression.ts) then treats like any answer. Answers what to return from the handler.
 */
const decompress = promisify(brotliDecompress);

export async function sendJson(
  request: FastifyRequest,
  reply: FastifyReply,
  body: { br: Buffer } | { json: string },
): Promise<string | Buffer> {
  reply.type('application/json; charset=utf-8');
  if ('br' in body && chooseEncoding(request.headers['accept-encoding']) === 'br') {
    varyOnAcceptEncoding(reply);
    // The plugin leaves an answer with a Content-Encoding as it is.
    reply.header('content-encoding', 'br');
    return body.br;
  }
  // Off the event loop: a client without brotli (plain HTTP) is not rare.
  return 'br' in body ? (await decompress(body.br)).toString('utf8') : body.json;
}
