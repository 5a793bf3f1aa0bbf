import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { TokenService } from '../auth/tokens';
import { HttpError } from '../errors';
import { authorizeTransport, hubToken } from './auth';
import type { Hub } from './hub';

export const HUB_PATH = '/messagehub';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  500: 'Internal Server Error',
};

function reject(socket: Duplex, status: number, message: string): void {
  const body = JSON.stringify({ message, code: new HttpError(status, message).code });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Error'}\r\n` +
      'Connection: close\r\nContent-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

function text(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

/**
 * The WebSocket transport: `GET /messagehub?id=TOKEN` with `Upgrade: websocket` on the HTTP
 * server's 'upgrade' event (Fastify routing never sees upgrades). Text frames only, each
 * holding whole records. Returns the function that stops it.
 */
export function attachWebSocketTransport(
  app: FastifyInstance,
  hub: Hub,
  tokens: TokenService,
  /** Origins besides the server's own that may open a WebSocket (APP_URL); CORS does not cover them. */
  allowedOrigins: string[],
): () => Promise<void> {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  // A malformed handshake (Upgrade, Sec-WebSocket-Key or -Version, a method other than GET)
  // gets the JSON error of every other refusal (docs/api.md "Conventions"), not ws's HTML page.
  wss.on('wsClientError', (error, socket) => reject(socket, 400, error.message));

  async function upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const origin = request.headers.origin;
    if (
      origin &&
      origin !== `http://${request.headers.host}` &&
      origin !== `https://${request.headers.host}`
    ) {
      if (!allowedOrigins.includes(origin)) return reject(socket, 403, 'Origin not allowed');
    }
    const id = url.searchParams.get('id');
    if (!id) return reject(socket, 400, 'Connection ID required');
    const connection = hub.get(id);
    if (!connection || connection.closed) return reject(socket, 404, 'No Connection with that ID');
    try {
      await authorizeTransport(tokens, hubToken(request.headers.authorization, url.searchParams), connection);
    } catch (error) {
      if (error instanceof HttpError) return reject(socket, error.statusCode, error.message);
      throw error;
    }
    if (connection.transport !== null) return reject(socket, 409, 'Connection already has a transport');
    wss.handleUpgrade(request, socket, head, (ws: WebSocket) => {
      const attached = connection.attachStream('WebSockets', {
        write: (records) => ws.send(records, { binary: false }),
        end: (abrupt) => (abrupt ? ws.terminate() : ws.close(1000)),
      });
      if (!attached) {
        ws.close(1008, 'Connection already has a transport');
        return;
      }
      ws.on('message', (data) => connection.receive(text(data)));
      ws.on('close', () => connection.transportEnded());
      ws.on('error', () => ws.terminate());
    });
  }

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const path = (request.url ?? '').split('?')[0];
    if (path !== HUB_PATH) {
      // Nobody else serves upgrades here; leave them to any other listener there is.
      if (app.server.listenerCount('upgrade') === 1) reject(socket, 404, 'Not found');
      return;
    }
    upgrade(request, socket, head).catch((error: unknown) => {
      app.log.error({ err: error }, 'hub: WebSocket upgrade failed');
      reject(socket, 500, 'Internal server error');
    });
  };
  app.server.on('upgrade', onUpgrade);

  return async () => {
    app.server.off('upgrade', onUpgrade);
    // Open sockets were sent their Close message already; they finish their closing handshake.
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  };
}
