import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Guards } from '../auth/guard';
import type { TokenService } from '../auth/tokens';
import { badRequest, HttpError, notFound } from '../errors';
import { authenticateToken, authorizeTransport, hubToken } from './auth';
import type { HubConnection, PollResult } from './connection';
import { Hub, type HubTimings } from './hub';
import { deliverJobProgress, type ProgressDeliveryOptions } from './progress-delivery';
import { startServerSentEvents } from './sse';
import { attachWebSocketTransport, HUB_PATH } from './websocket';

export { Hub, type HubTimings } from './hub';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live progress hub at /messagehub (docs/api.md "The hub"). */
    hub: Hub;
  }
}

export interface HubOptions extends ProgressDeliveryOptions {
  guards: Guards;
  tokens: TokenService;
  /** Origins besides the server's own whose pages may open a WebSocket (APP_URL). */
  allowedOrigins?: string[];
  timings?: Partial<HubTimings>;
}

const NO_CACHE = { 'cache-control': 'no-cache, no-store', pragma: 'no-cache', expires: '0' };

const AVAILABLE_TRANSPORTS = [
  { transport: 'WebSockets', transferFormats: ['Text', 'Binary'] },
  { transport: 'ServerSentEvents', transferFormats: ['Text'] },
  { transport: 'LongPolling', transferFormats: ['Text', 'Binary'] },
];

const transportQuery = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1 } },
} as const;

const query = (request: FastifyRequest) => new URL(request.url, 'http://localhost').searchParams;

/**
 * GET on a connection: Server-Sent Events when the client accepts them, otherwise one long poll
 * (docs/api.md "The hub").
 */
async function streamOrPoll(
  hub: Hub,
  connection: HubConnection,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const accept = request.headers.accept ?? '';
  if (accept.includes('text/event-stream')) {
    if (connection.closed) throw notFound('No Connection with that ID');
    if (!startServerSentEvents(connection, reply)) {
      throw new HttpError(409, 'Connection already has a transport');
    }
    return reply;
  }
  if (connection.transport !== null && connection.transport !== 'LongPolling') {
    throw badRequest('Cannot change transports mid-connection');
  }
  return longPoll(hub, connection, reply);
}

/** Holds the request until the connection has records to send or the poll times out. */
async function longPoll(hub: Hub, connection: HubConnection, reply: FastifyReply): Promise<FastifyReply> {
  const poll = connection.poll();
  // A client that aborts its held poll: the poll settles (200 empty) and this handler ends
  // instead of waiting for an answer nobody reads. Also when it went away before this line.
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) poll.cancel();
  });
  if (reply.raw.destroyed) poll.cancel();
  hub.waitingPolls += 1;
  let result: PollResult;
  try {
    result = await poll.result;
  } finally {
    hub.waitingPolls -= 1;
  }
  const { status, body } = result;
  reply.code(status).headers(NO_CACHE);
  if (status === 204) return reply.send();
  return reply.type('text/plain; charset=utf-8').send(body);
}

/**
 * The SignalR hub `/messagehub` for `@microsoft/signalr` clients
 * (docs/api.md "The hub"): negotiate, the JSON hub protocol over WebSockets,
 * Server-Sent Events and long polling, keep-alive, reaping, and delivery of job progress to
 * every connection of the job's user while that user may still see the job's organization.
 */
export async function registerHub(app: FastifyInstance, options: HubOptions): Promise<void> {
  const hub = new Hub(options.timings);
  app.decorate('hub', hub);
  if (app.hasDecorator('metrics')) app.metrics.hubConnections = () => hub.byTransport();
  const { guards, tokens } = options;

  const unsubscribe = deliverJobProgress(hub, app.log, options);
  app.addHook('onReady', async () => hub.start());

  const stopWebSockets = attachWebSocketTransport(app, hub, tokens, options.allowedOrigins ?? []);

  // Before the server stops accepting: clients get Close with allowReconnect and come back
  // (to this or another instance); held polls and streams end so that close does not wait.
  app.addHook('preClose', async () => {
    unsubscribe();
    hub.stop();
    hub.closeAll({ error: 'Server is shutting down', allowReconnect: true });
    await stopWebSockets();
  });

  async function connectionOf(request: FastifyRequest): Promise<HubConnection> {
    const params = query(request);
    const connection = hub.get(params.get('id') ?? '');
    if (!connection) throw notFound('No Connection with that ID');
    await authorizeTransport(tokens, hubToken(request.headers.authorization, params), connection);
    return connection;
  }

  await app.register(async (scope) => {
    // Client bodies are RS-terminated records sent as text/plain: read every body as text.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

    scope.post(`${HUB_PATH}/negotiate`, async (request, reply) => {
      const user = await authenticateToken(guards, hubToken(request.headers.authorization, query(request)));
      const connection = hub.create(user.id, user.sessionId);
      if (!connection) {
        throw new HttpError(429, 'Too many hub connections for this user', 'TOO_MANY_CONNECTIONS');
      }
      return reply.headers(NO_CACHE).send({
        negotiateVersion: 1,
        connectionId: connection.connectionId,
        connectionToken: connection.connectionToken,
        availableTransports: AVAILABLE_TRANSPORTS,
      });
    });

    scope.get(HUB_PATH, { schema: { querystring: transportQuery } }, async (request, reply) => {
      const connection = await connectionOf(request);
      return streamOrPoll(hub, connection, request, reply);
    });

    scope.post(HUB_PATH, { schema: { querystring: transportQuery } }, async (request, reply) => {
      const connection = await connectionOf(request);
      if (connection.closed) throw notFound('No Connection with that ID');
      if (connection.transport === 'WebSockets') {
        throw new HttpError(
          405,
          'POST requests are not allowed for WebSocket connections',
          'METHOD_NOT_ALLOWED',
        );
      }
      if (connection.transport === null) throw badRequest('The connection has no transport yet');
      connection.receive(typeof request.body === 'string' ? request.body : '');
      return reply.type('text/plain; charset=utf-8').send('');
    });

    scope.delete(HUB_PATH, { schema: { querystring: transportQuery } }, async (request, reply) => {
      const connection = await connectionOf(request);
      if (connection.transport !== 'LongPolling')
        throw badRequest('Cannot terminate this connection using DELETE');
      hub.remove(connection);
      return reply.code(202).type('text/plain; charset=utf-8').send('');
    });
  });
}
