import { connect as connectSocket } from 'node:net';
import {
  HttpTransportType,
  HubConnectionBuilder,
  HubConnectionState,
  LogLevel,
  type HubConnection as ClientConnection,
} from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HubConnection } from '../../server/src/hub/connection';
import { Hub } from '../../server/src/hub';
import {
  closeMessage,
  HANDSHAKE_OK,
  invocation,
  parseHandshake,
  parseMessage,
  PING,
  RS,
  splitRecords,
} from '../../server/src/hub/protocol';
import type { JobProgressEvent } from '../../server/src/jobs/job-events';
import type { CopyProgressMessage } from '../../shared/contract/dto';
import {
  bearer,
  demoToken,
  listenForClients,
  organizationsOf,
  startTestApp,
  userIdOf,
  type TestApp,
} from './helpers';

/** Resolves when `predicate` holds, polling; fails after `timeoutMs`. */
async function until(predicate: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The organization of each user's jobs: one the user belongs to (set when the app starts). */
const organizationOf = new Map<string, string>();

const copy = (userId: string, jobId: string, currentCount: number, maxCount = 3): JobProgressEvent => ({
  kind: 'copy',
  userId,
  organizationId: organizationOf.get(userId) ?? 'none',
  jobId,
  payload: {
    propertyId: `property-${currentCount}`,
    newAssessmentId: `assessment-${currentCount}`,
    currentCount,
    maxCount,
    error: null,
  },
});

describe('hub protocol', () => {
  it('frames records with the record separator and splits them again', () => {
    expect(HANDSHAKE_OK).toBe('{}\u001e');
    expect(PING).toBe('{"type":6}\u001e');
    expect(invocation('CopyAssessment', ['j', '{}'])).toBe(
      '{"type":1,"target":"CopyAssessment","arguments":["j","{}"]}\u001e',
    );
    expect(invocation('X', [])).not.toContain('invocationId');
    expect(closeMessage('bye', true)).toBe('{"type":7,"error":"bye","allowReconnect":true}\u001e');
    expect(closeMessage()).toBe('{"type":7}\u001e');
    expect(splitRecords(`{"a":1}${RS}{"b":2}${RS}{"c"`)).toEqual({
      records: ['{"a":1}', '{"b":2}'],
      rest: '{"c"',
    });
    expect(splitRecords('')).toEqual({ records: [], rest: '' });
  });

  it('accepts the JSON protocol version 1 handshake only', () => {
    expect(parseHandshake('{"protocol":"json","version":1}')).toEqual({ ok: true });
    expect(parseHandshake('{"protocol":"messagepack","version":1}')).toEqual({
      ok: false,
      error: "The protocol 'messagepack' is not supported.",
    });
    expect(parseHandshake('{"protocol":"json","version":2}')).toMatchObject({ ok: false });
    expect(parseHandshake('not json')).toMatchObject({ ok: false });
    expect(parseHandshake('[]')).toMatchObject({ ok: false });
    expect(parseHandshake('{"protocol":"json"}')).toMatchObject({ ok: false });
  });

  it('parses client messages', () => {
    expect(parseMessage('{"type":6}')).toEqual({ type: 'ping' });
    expect(parseMessage('{"type":7}')).toEqual({ type: 'close' });
    expect(parseMessage('{"type":3,"invocationId":"1","error":"x"}')).toEqual({ type: 'ignored' });
    expect(parseMessage('{"type":1,"target":"Echo","invocationId":"4","arguments":[]}')).toEqual({
      type: 'invocation',
      target: 'Echo',
      invocationId: '4',
    });
    expect(parseMessage('{"type":1,"target":"Echo","arguments":[]}')).toEqual({
      type: 'invocation',
      target: 'Echo',
    });
    expect(parseMessage('{}')).toMatchObject({ type: 'invalid' });
    expect(parseMessage('{')).toMatchObject({ type: 'invalid' });
  });

  it('answers the handshake first, then pings, a completion error for a client invocation, and closes', () => {
    const written: string[] = [];
    let ended = false;
    const closed: HubConnection[] = [];
    const connection = new HubConnection('id', 'token', 'user', 1_000, (c) => closed.push(c));
    connection.attachStream('WebSockets', { write: (r) => written.push(r), end: () => (ended = true) });
    connection.send(invocation('CopyAssessment', ['early', '{}']));
    expect(written).toEqual([]); // nothing before the handshake response
    // The handshake and the first ping may come in one frame, split anywhere.
    connection.receive('{"protocol":"json",');
    connection.receive(`"version":1}${RS}{"type":6}${RS}`);
    expect(written).toEqual([HANDSHAKE_OK]);
    connection.receive(`{"type":1,"target":"Echo","invocationId":"7","arguments":[]}${RS}`);
    expect(JSON.parse(written[1]!.slice(0, -1))).toEqual({
      type: 3,
      invocationId: '7',
      error: "Unknown hub method 'Echo'",
    });
    connection.pingIfIdle(connection.lastSentAt + 15_000, 15_000);
    expect(written[2]).toBe(PING);
    connection.receive(`{"type":7}${RS}`);
    expect(connection.closed).toBe(true);
    expect(ended).toBe(true);
    expect(closed).toEqual([connection]);
  });

  it('closes a connection whose client sends an endless record', () => {
    const connection = new HubConnection('id', 'token', 'user', 1_000, () => {});
    connection.attachStream('WebSockets', { write: () => {}, end: () => {} });
    connection.receive(`{"protocol":"json","version":1}${RS}`);
    connection.receive('x'.repeat(40_000));
    expect(connection.closed).toBe(false);
    connection.receive('x'.repeat(40_000));
    expect(connection.closed).toBe(true);
  });

  it('refuses a bad handshake with an error record and closes', () => {
    const written: string[] = [];
    const connection = new HubConnection('id', 'token', 'user', 1_000, () => {});
    connection.attachStream('ServerSentEvents', { write: (r) => written.push(r), end: () => {} });
    connection.receive(`{"protocol":"messagepack","version":1}${RS}`);
    expect(written).toEqual([`{"error":"The protocol 'messagepack' is not supported."}${RS}`]);
    expect(connection.closed).toBe(true);
  });

  it('long polling: first poll empty at once, queued data, timeout, 204 after close', async () => {
    const connection = new HubConnection('id', 'token', 'user', 50, () => {});
    expect(await connection.poll().result).toEqual({ status: 200, body: '' });
    connection.receive(`{"protocol":"json","version":1}${RS}`);
    expect(await connection.poll().result).toEqual({ status: 200, body: HANDSHAKE_OK });
    expect(await connection.poll().result).toEqual({ status: 200, body: '' }); // poll timeout
    const held = connection.poll();
    connection.send(invocation('FinishAssessment', ['j', '{}']));
    expect((await held.result).body).toContain('FinishAssessment');
    const last = connection.poll();
    connection.close({ error: 'bye', allowReconnect: true });
    expect(await last.result).toEqual({ status: 200, body: closeMessage('bye', true) });
    expect(await connection.poll().result).toEqual({ status: 204, body: '' });
  });

  it('long polling: a held poll the client gave up settles at once as 200 empty', async () => {
    const connection = new HubConnection('id', 'token', 'user', 60_000, () => {});
    await connection.poll().result; // the first poll answers at once
    const held = connection.poll();
    expect(connection.hasPendingPoll).toBe(true);
    held.cancel();
    const settled = await Promise.race([
      held.result,
      new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), 200)),
    ]);
    expect(settled).toEqual({ status: 200, body: '' });
    expect(connection.hasPendingPoll).toBe(false);
    // Nothing was lost: the next poll is held again and gets what comes.
    connection.receive(`{"protocol":"json","version":1}${RS}`);
    expect(await connection.poll().result).toEqual({ status: 200, body: HANDSHAKE_OK });
    connection.close({ silent: true });
    expect(await connection.poll().result).toEqual({ status: 204, body: '' });
  });

  it('limits connections per user and reaps connections that never attach, stop polling or go silent', () => {
    const hub = new Hub({ maxConnectionsPerUser: 2 });
    const a = hub.create('u')!;
    const b = hub.create('u')!;
    expect(hub.create('u')).toBeNull();
    expect(hub.create('other')).not.toBeNull();
    const written: string[] = [];
    b.attachStream('WebSockets', { write: (r) => written.push(r), end: () => {} });
    b.receive(`{"protocol":"json","version":1}${RS}`);
    const now = Date.now();
    hub.sweep(now + 15_000); // a never attached; b gets a keep-alive ping
    expect(hub.get(a.connectionToken)).toBeUndefined();
    expect(written).toEqual([HANDSHAKE_OK, PING]);
    hub.sweep(now + 31_000); // b's client said nothing for 30 s
    expect(b.closed).toBe(true);
    expect(hub.connectionsOf('u')).toEqual([]);
    expect(hub.size).toBe(0); // the other user's connection never attached either
  });
});

describe('hub /messagehub with the @microsoft/signalr client', () => {
  let test: TestApp;
  let baseUrl: string;
  let writerToken: string;
  let otherToken: string;
  let writerId: string;
  let otherId: string;
  const clients: ClientConnection[] = [];
  let destroySockets = () => {};
  let closed = false;

  beforeAll(async () => {
    test = await startTestApp(null);
    ({ baseUrl, destroySockets } = await listenForClients(test));
    writerToken = await demoToken(test.app, 'skriver');
    otherToken = await demoToken(test.app, 'flere');
    writerId = userIdOf(writerToken);
    otherId = userIdOf(otherToken);
    expect(writerId).not.toBe(otherId);
    organizationOf.set(writerId, (await organizationsOf(test.app.db, 'skriver'))[0]!);
    organizationOf.set(otherId, (await organizationsOf(test.app.db, 'flere'))[0]!);
  });

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.stop()));
    // The Node client's HTTP agent leaves sockets that never sent a request; they would hold
    // server.close() until Node's headers timeout. Not the hub's: drop them.
    destroySockets();
    if (!closed) await test?.close();
  });

  const publish = (event: JobProgressEvent) => test.app.jobEvents.publish(event);

  interface Received {
    method: string;
    jobId: string;
    payload: CopyProgressMessage;
  }

  async function connect(transport: HttpTransportType, token: string) {
    const received: Received[] = [];
    const reconnected: string[] = [];
    const reconnecting: string[] = [];
    const connection = new HubConnectionBuilder()
      .withUrl(`${baseUrl}/messagehub`, { transport, accessTokenFactory: () => token })
      .withAutomaticReconnect([0, 100, 200, 500, 1000])
      .configureLogging(LogLevel.None)
      .build();
    for (const method of ['CopyAssessment', 'FinishAssessment']) {
      connection.on(method, (jobId: string, payloadJson: string) => {
        received.push({ method, jobId, payload: JSON.parse(payloadJson) as CopyProgressMessage });
      });
    }
    connection.onreconnected((id) => reconnected.push(id ?? ''));
    connection.onreconnecting((error) => reconnecting.push(error?.message ?? ''));
    await connection.start();
    clients.push(connection);
    return { connection, received, reconnected, reconnecting };
  }

  describe.each([
    ['WebSockets', HttpTransportType.WebSockets],
    ['ServerSentEvents', HttpTransportType.ServerSentEvents],
    ['LongPolling', HttpTransportType.LongPolling],
  ] as const)('%s', (name, transport) => {
    it('delivers progress in order to every tab of the user and to no other user', async () => {
      const tab1 = await connect(transport, writerToken);
      const tab2 = await connect(transport, writerToken);
      const other = await connect(transport, otherToken);
      expect(test.app.hub.connectionsOf(writerId).map((c) => c.transport)).toEqual([name, name]);

      const jobId = `job-${name}`;
      for (let i = 1; i <= 3; i++) await publish(copy(writerId, jobId, i));
      await publish({
        kind: 'finish',
        userId: writerId,
        organizationId: organizationOf.get(writerId)!,
        jobId: `finish-${name}`,
        payload: { currentCount: 1, maxCount: 1, error: null },
      });
      for (const tab of [tab1, tab2]) {
        await until(() => tab.received.length === 4, `${name} progress`);
        expect(tab.received.map((r) => [r.method, r.jobId, r.payload.currentCount])).toEqual([
          ['CopyAssessment', jobId, 1],
          ['CopyAssessment', jobId, 2],
          ['CopyAssessment', jobId, 3],
          ['FinishAssessment', `finish-${name}`, 1],
        ]);
        expect(tab.received[0]!.payload).toEqual(copy(writerId, jobId, 1).payload);
      }
      // The other user's connection is live (it gets its own events) but saw none of these.
      // Nor does a user hear a job of an organization the user does not belong to
      // (docs/architecture.md "Sessions and revocation"): the event before it is held back, the
      // one after it comes.
      await publish({
        ...copy(otherId, 'job-foreign', 1, 1),
        organizationId: '00000000-0000-4000-8000-00000000000f',
      });
      await publish(copy(otherId, 'job-other', 1, 1));
      await until(() => other.received.length === 1, 'the other user’s own event');
      expect(other.received.map((r) => r.jobId)).toEqual(['job-other']);
      expect(tab1.received).toHaveLength(4);

      await Promise.all([tab1, tab2, other].map((c) => c.connection.stop()));
      await until(() => test.app.hub.connectionsOf(writerId).length === 0, 'connections to be released');
    });

    it('reconnects after the server drops the connection mid-job, or closes it with allowReconnect', async () => {
      const client = await connect(transport, writerToken);
      const jobId = `drop-${name}`;
      await publish(copy(writerId, jobId, 1));
      await until(() => client.received.length === 1, 'the first item');

      test.app.hub.closeUser(writerId, { abrupt: true });
      await until(() => client.reconnected.length === 1, 'a reconnect after a drop');
      expect(client.connection.state).toBe(HubConnectionState.Connected);
      await publish(copy(writerId, jobId, 2));
      await until(() => client.received.length === 2, 'the item after the reconnect');

      test.app.hub.closeUser(writerId, { error: 'Server is restarting', allowReconnect: true });
      await until(() => client.reconnected.length === 2, 'a reconnect after Close with allowReconnect');
      await publish(copy(writerId, jobId, 3));
      await until(() => client.received.length === 3, 'the last item');
      expect(client.received.map((r) => r.payload.currentCount)).toEqual([1, 2, 3]);

      await client.connection.stop();
    });
  });

  it('negotiate needs a valid token: 401 JSON without one, with a bad one, and in the query', async () => {
    const none = await fetch(`${baseUrl}/messagehub/negotiate?negotiateVersion=1`, { method: 'POST' });
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ code: 'TOKEN_MISSING' });
    const bad = await fetch(`${baseUrl}/messagehub/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: bearer('not.a.token'),
    });
    expect(bad.status).toBe(401);
    const viaQuery = await fetch(
      `${baseUrl}/messagehub/negotiate?negotiateVersion=1&access_token=${encodeURIComponent(otherToken)}`,
      { method: 'POST' },
    );
    expect(viaQuery.status).toBe(200);
    const body = (await viaQuery.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      negotiateVersion: 1,
      availableTransports: [
        { transport: 'WebSockets', transferFormats: ['Text', 'Binary'] },
        { transport: 'ServerSentEvents', transferFormats: ['Text'] },
        { transport: 'LongPolling', transferFormats: ['Text', 'Binary'] },
      ],
    });
    expect(body.connectionToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(body.connectionToken).not.toBe(body.connectionId);
    expect(body).not.toHaveProperty('ProtocolVersion');
  });

  it('negotiate: 403 without a role, 429 over the per-user connection limit', async () => {
    const negotiate = (token: string) =>
      fetch(`${baseUrl}/messagehub/negotiate?negotiateVersion=1`, { method: 'POST', headers: bearer(token) });
    expect((await negotiate(await demoToken(test.app, 'uden-rolle'))).status).toBe(403);
    const reader = await demoToken(test.app, 'laeser');
    const limit = test.app.hub.timings.maxConnectionsPerUser;
    for (let i = 0; i < limit; i++) expect((await negotiate(reader)).status).toBe(200);
    const over = await negotiate(reader);
    expect(over.status).toBe(429);
    expect(await over.json()).toMatchObject({ code: 'TOO_MANY_CONNECTIONS' });
    test.app.hub.closeUser(userIdOf(reader));
    expect((await negotiate(reader)).status).toBe(200);
  });

  it('a connection opened before its session was logged out hears nothing after it, and is closed', async () => {
    const token = await demoToken(test.app, 'skriver');
    const client = await connect(HttpTransportType.WebSockets, token);
    const closed = new Promise<void>((resolve) => client.connection.onclose(() => resolve()));
    const logout = await test.app.inject({ method: 'POST', url: '/auth/logout', headers: bearer(token) });
    expect(logout.statusCode).toBe(200);
    await publish(copy(writerId, 'after-logout', 1, 1));
    await closed;
    expect(client.received).toEqual([]);
    expect(client.reconnecting).toEqual([]);
    expect(client.connection.state).toBe(HubConnectionState.Disconnected);
  });

  it('transport requests: 404 for an unknown id, 401 without a token, 403 for another user’s connection', async () => {
    const negotiate = await fetch(`${baseUrl}/messagehub/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: bearer(writerToken),
    });
    const { connectionToken } = (await negotiate.json()) as { connectionToken: string };
    const poll = (id: string, headers: Record<string, string>) =>
      fetch(`${baseUrl}/messagehub?id=${id}&_=1`, { headers });
    expect((await poll('unknown', bearer(writerToken))).status).toBe(404);
    expect((await poll(connectionToken, {})).status).toBe(401);
    expect((await poll(connectionToken, bearer(otherToken))).status).toBe(403);
    const first = await poll(connectionToken, bearer(writerToken));
    expect(first.status).toBe(200);
    expect(await first.text()).toBe('');
    const del = await fetch(`${baseUrl}/messagehub?id=${connectionToken}`, {
      method: 'DELETE',
      headers: bearer(writerToken),
    });
    expect(del.status).toBe(202);
    expect((await poll(connectionToken, bearer(writerToken))).status).toBe(404);
  });

  it('answers a malformed WebSocket handshake with 400 JSON, as every other refusal', async () => {
    // Found by tests/server/fuzz.test.ts: ws answered these with an HTML page.
    const negotiate = await fetch(`${baseUrl}/messagehub/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: bearer(writerToken),
    });
    const { connectionToken } = (await negotiate.json()) as { connectionToken: string };
    const { hostname, port } = new URL(baseUrl);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connectSocket(Number(port), hostname);
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('error', reject);
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
      socket.write(
        [
          `GET /messagehub?id=${connectionToken} HTTP/1.1`,
          `Host: ${hostname}:${port}`,
          'Upgrade: websocket',
          'Connection: Upgrade',
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
          'Sec-WebSocket-Version: 12',
          `Authorization: Bearer ${writerToken}`,
          '',
          '',
        ].join('\r\n'),
      );
    });
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(body!)).toEqual({
      message: 'Missing or invalid Sec-WebSocket-Version header',
      code: 'BAD_REQUEST',
    });
    test.app.hub.closeUser(writerId);
  });

  it('raw SSE: the comment first, the handshake response as the first event, then invocations', async () => {
    const negotiate = await fetch(`${baseUrl}/messagehub/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: bearer(otherToken),
    });
    const { connectionToken } = (await negotiate.json()) as { connectionToken: string };
    const controller = new AbortController();
    const stream = await fetch(
      `${baseUrl}/messagehub?id=${connectionToken}&access_token=${encodeURIComponent(otherToken)}`,
      { headers: { accept: 'text/event-stream' }, signal: controller.signal },
    );
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    const reader = stream.body!.getReader();
    let text = '';
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        text += Buffer.from(value).toString('utf8');
      }
    };
    await readUntil(':\r\n');
    const post = await fetch(`${baseUrl}/messagehub?id=${connectionToken}`, {
      method: 'POST',
      headers: { ...bearer(otherToken), 'content-type': 'text/plain;charset=UTF-8' },
      body: `{"protocol":"json","version":1}${RS}{"type":6}${RS}`,
    });
    expect(post.status).toBe(200);
    await readUntil(`data: {}${RS}\r\n\r\n`);
    await publish(copy(otherId, 'raw', 1, 1));
    await readUntil('CopyAssessment');
    expect(text).toBe(
      `:\r\ndata: {}${RS}\r\n\r\n` +
        `data: ${invocation('CopyAssessment', ['raw', JSON.stringify(copy(otherId, 'raw', 1, 1).payload)])}\r\n\r\n`,
    );
    controller.abort();
    await until(() => test.app.hub.get(connectionToken) === undefined, 'the SSE connection to be released');
  });

  it('long polling: an aborted held poll leaves no handler waiting; the connection polls again and closes', async () => {
    const hub = test.app.hub;
    const negotiate = await fetch(`${baseUrl}/messagehub/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: bearer(writerToken),
    });
    const { connectionToken } = (await negotiate.json()) as { connectionToken: string };
    const url = `${baseUrl}/messagehub?id=${connectionToken}`;
    const poll = (signal?: AbortSignal) =>
      fetch(`${url}&_=${Date.now()}`, { headers: bearer(writerToken), signal });
    expect((await poll()).status).toBe(200);
    const handshake = await fetch(url, {
      method: 'POST',
      headers: { ...bearer(writerToken), 'content-type': 'text/plain;charset=UTF-8' },
      body: `{"protocol":"json","version":1}${RS}`,
    });
    expect(handshake.status).toBe(200);
    expect(await (await poll()).text()).toBe(HANDSHAKE_OK);
    const connection = hub.get(connectionToken)!;
    const waitingBefore = hub.waitingPolls;

    // A held poll whose client goes away (a closed tab, a lost network).
    const controller = new AbortController();
    const aborted = poll(controller.signal).catch((error: unknown) => error);
    await until(() => connection.hasPendingPoll, 'the poll to be held');
    expect(hub.waitingPolls).toBe(waitingBefore + 1);
    controller.abort();
    expect(await aborted).toMatchObject({ name: 'AbortError' });
    await until(() => hub.waitingPolls === waitingBefore, 'the aborted poll’s handler to end', 2_000);
    expect(connection.hasPendingPoll).toBe(false);

    // The connection lives on: the next poll is held and gets the progress.
    const next = poll();
    await until(() => connection.hasPendingPoll, 'the next poll to be held');
    await publish(copy(writerId, 'after-abort', 1, 1));
    const response = await next;
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('after-abort');
    expect(hub.waitingPolls).toBe(waitingBefore);

    const del = await fetch(url, { method: 'DELETE', headers: bearer(writerToken) });
    expect(del.status).toBe(202);
    expect((await poll()).status).toBe(404);
    expect(hub.get(connectionToken)).toBeUndefined();
  });

  // Last: it closes the app.
  it('on shutdown every client gets Close with allowReconnect, and close does not wait for them', async () => {
    const all = await Promise.all(
      [HttpTransportType.WebSockets, HttpTransportType.ServerSentEvents, HttpTransportType.LongPolling].map(
        (t) => connect(t, writerToken),
      ),
    );
    const closing = test.app.close();
    closed = true;
    await until(() => all.every((c) => c.reconnecting.length === 1), 'every client to start reconnecting');
    for (const client of all) expect(client.reconnecting[0]).toContain('Server is shutting down');
    destroySockets();
    await closing;
    await Promise.all(all.map((c) => c.connection.stop()));
  });
});

describe('hub and API from another origin (APP_URL)', () => {
  const APP_URL = 'http://localhost:5173';
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp(null, { APP_URL });
  });
  afterAll(async () => {
    await test?.close();
  });

  it('allows the preflight of the long-polling DELETE and of the hub’s GET and POST', async () => {
    for (const method of ['DELETE', 'GET', 'POST']) {
      const preflight = await test.app.inject({
        method: 'OPTIONS',
        url: '/messagehub?id=some-connection-token',
        headers: {
          origin: APP_URL,
          'access-control-request-method': method,
          'access-control-request-headers': 'authorization, x-requested-with',
        },
      });
      expect(preflight.statusCode, method).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe(APP_URL);
      expect(preflight.headers['access-control-allow-credentials']).toBe('true');
      const allowed = String(preflight.headers['access-control-allow-methods'])
        .split(',')
        .map((m) => m.trim());
      expect(allowed).toContain(method);
      expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain(
        'authorization',
      );
    }
  });

  it('ends a long-polling connection by DELETE from the app’s origin', async () => {
    const token = await demoToken(test.app, 'skriver');
    const negotiate = await test.app.inject({
      method: 'POST',
      url: '/messagehub/negotiate?negotiateVersion=1',
      headers: { ...bearer(token), origin: APP_URL },
    });
    const { connectionToken } = negotiate.json<{ connectionToken: string }>();
    const url = `/messagehub?id=${connectionToken}`;
    expect((await test.app.inject({ url, headers: { ...bearer(token), origin: APP_URL } })).statusCode).toBe(
      200,
    );
    const del = await test.app.inject({
      method: 'DELETE',
      url,
      headers: { ...bearer(token), origin: APP_URL },
    });
    expect(del.statusCode).toBe(202);
    expect(del.headers['access-control-allow-origin']).toBe(APP_URL);
  });
});
