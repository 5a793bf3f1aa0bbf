import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, quietRequestLogController, registerRequestLog } from '../../server/src/logging';

/** A server with the logging of server/src/logging.ts, and the lines it wrote. */
async function loggedServer(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({
    logger: { ...loggerOptions(level), stream },
    logController: quietRequestLogController(),
  });
  registerRequestLog(app);
  app.get('/api/v2/userinfo', async () => ({ ok: true }));
  app.get('/messagehub', async (_request, reply) => reply.status(204).send());
  app.get('/boom', async (request) => {
    request.log.error({ req: request }, 'failed');
    throw new Error('boom');
  });
  await app.ready();
  return { app, lines };
}

describe('request logging', () => {
  it('writes one line per request: method, path, status and time', async () => {
    const { app, lines } = await loggedServer('info');
    await app.inject({ url: '/api/v2/userinfo' });
    await app.inject({ url: '/nowhere' });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request',
      method: 'GET',
      url: '/api/v2/userinfo',
      statusCode: 200,
      ms: expect.any(Number),
    });
    expect(lines[1]).toMatchObject({ url: '/nowhere', statusCode: 404 });
    await app.close();
  });

  it('never writes the hub secrets of a URL, in request lines or in errors', async () => {
    const { app, lines } = await loggedServer('info');
    await app.inject({ url: '/messagehub?id=connection-secret&access_token=token-secret' });
    await app.inject({ url: '/boom?access_token=token-secret' });
    const text = JSON.stringify(lines);
    expect(text).not.toContain('secret');
    expect(lines[0]).toMatchObject({
      url: '/messagehub?id=[redacted]&access_token=[redacted]',
      statusCode: 204,
    });
    expect(lines.find((l) => l.msg === 'failed')).toMatchObject({
      req: { url: '/boom?access_token=[redacted]' },
    });
    await app.close();
  });

  it('writes no request lines above info, and still what the handlers log', async () => {
    const { app, lines } = await loggedServer('warn');
    await app.inject({ url: '/api/v2/userinfo' });
    await app.inject({ url: '/boom' });
    expect(lines.map((l) => l.msg)).toEqual(['failed']);
    await app.close();
  });
});
