import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { HubConnection } from './connection';

/** The headers Fastify's hooks put on the reply (CORS), for a hijacked response. */
function replyHeaders(reply: FastifyReply): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) headers[name] = value;
  }
  return headers;
}

/**
 * The Server-Sent Events transport: `GET /messagehub?id=TOKEN` with `Accept: text/event-stream`
 * holds a 200 `text/event-stream` open; every write is one unnamed event `data: <records>`
 * (JSON never holds a raw line feed). Client→server records arrive as POSTs. Returns false
 * when the connection already has a transport (the caller answers 409).
 */
export function startServerSentEvents(connection: HubConnection, reply: FastifyReply): boolean {
  const res = reply.raw;
  const attached = connection.attachStream('ServerSentEvents', {
    write: (records) => res.write(`data: ${records}\r\n\r\n`),
    end: (abrupt) => (abrupt ? res.destroy() : res.end()),
  });
  if (!attached) return false;
  reply.hijack();
  res.writeHead(200, {
    ...replyHeaders(reply),
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache, no-store',
    pragma: 'no-cache',
    'content-encoding': 'identity',
    'x-accel-buffering': 'no',
  });
  // Browsers fire `open` (and the client sends its handshake) only once bytes arrive.
  res.write(':\r\n');
  res.on('close', () => connection.transportEnded());
  return true;
}
