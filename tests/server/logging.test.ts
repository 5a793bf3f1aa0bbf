import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  loggerOptions,
  quietRequestLogController,
  redactUrl,
  registerRequestLog,
} from '../../server/src/logging';
import { answerRouterRefusal } from '../../server/src/http/router-refusals';
import { bearer, startTestApp } from './helpers';
import { scaledMs } from '../support/time-factor';

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
    frameworkErrors: answerRouterRefusal,
  });
  registerRequestLog(app);
  app.get('/api/v2/userinfo', async () => ({ ok: true }));
  app.get('/api/v2/jobs/:jobId', async () => ({ ok: true }));
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

  it('answers and logs what the router refuses before any route, without echoing the path', async () => {
    const { app, lines } = await loggedServer('info');
    const badEscape = await app.inject({ url: '/api/v2/jobs/%zz?token=eyJa.b.c' });
    const tooLong = await app.inject({ url: `/api/v2/jobs/${'x'.repeat(120)}` });
    expect(badEscape.statusCode).toBe(400);
    expect(badEscape.json()).toEqual({ message: 'The path is not a valid URL', code: 'BAD_REQUEST' });
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toEqual({ message: 'A part of the path is too long', code: 'URL_TOO_LONG' });
    for (const response of [badEscape, tooLong]) {
      expect(response.headers['x-request-id']).toBeTruthy();
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
    expect(lines.filter((l) => l.msg === 'request').map((l) => [l.url, l.statusCode])).toEqual([
      ['/api/v2/jobs/%zz?token=[redacted]', 400],
      [`/api/v2/jobs/${'x'.repeat(120)}`, 414],
    ]);
  });

  it('writes no request lines above info, and still what the handlers log', async () => {
    const { app, lines } = await loggedServer('warn');
    await app.inject({ url: '/api/v2/userinfo' });
    await app.inject({ url: '/boom' });
    expect(lines.map((l) => l.msg)).toEqual(['failed']);
    await app.close();
  });
});

describe('the log of a whole sign-in and hub connection', () => {
  it('holds no token: not the sign-in token, the bearer, nor the hub connection token', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    const t = await startTestApp(null, { LOG_LEVEL: 'info' }, { logger: true, logStream: stream });
    try {
      // The demo sign-in's form sends the browser to /loginCallback with the token in the URL.
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: 'userName=skriver&returnPath=%2F',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      const callback = String(signIn.headers.location);
      const token = new URL(callback, 'http://x').searchParams.get('token')!;
      expect(token).toMatch(/^eyJ/);
      await t.app.inject({ url: callback });
      await t.app.inject({ url: '/api/v2/userinfo', headers: bearer(token) });
      // A failing request logs the request as an error: still no Authorization header.
      await t.app.inject({ url: `/api/v2/properties/getproperty?id=x`, headers: bearer(token) });
      const negotiate = await t.app.inject({
        method: 'POST',
        url: '/messagehub/negotiate?negotiateVersion=1',
        headers: bearer(token),
      });
      const connectionToken = negotiate.json<{ connectionToken: string }>().connectionToken;
      expect(connectionToken).toBeTruthy();
      await t.app.inject({
        method: 'POST',
        url: `/messagehub?id=${connectionToken}&access_token=${token}`,
        payload: '{"protocol":"json","version":1}\u001e',
      });
      await t.app.inject({
        method: 'DELETE',
        url: `/messagehub?id=${connectionToken}&access_token=${token}`,
      });
      const text = lines.join('\n');
      expect(lines.length).toBeGreaterThanOrEqual(6);
      expect(text).toContain('/loginCallback?token=[redacted]');
      expect(text).toContain('access_token=[redacted]');
      expect(text).not.toContain(token);
      expect(text).not.toContain(token.split('.')[2]);
      expect(text).not.toContain(connectionToken);
      expect(text.toLowerCase()).not.toContain('bearer');
      // Every line of a request carries its id, which the answer names too.
      const userinfo = lines
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .find((l) => l.url === '/api/v2/userinfo');
      expect(userinfo?.reqId).toEqual(expect.any(String));
    } finally {
      await t.close();
    }
  });

  it('takes the request id of the proxy in front, and answers with it', async () => {
    const t = await startTestApp(null);
    try {
      const given = await t.app.inject({
        url: '/api/v2/staticcontent',
        headers: { 'x-request-id': 'lb-42.a' },
      });
      expect(given.headers['x-request-id']).toBe('lb-42.a');
      const made = await t.app.inject({
        url: '/api/v2/staticcontent',
        headers: { 'x-request-id': 'no spaces <>' },
      });
      expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await t.close();
    }
  });
});

describe('warnings at start', () => {
  it('warns that TRUST_PROXY=true believes any client, and says nothing for a hop count', async () => {
    const started = async (trustProxy: string) => {
      const lines: string[] = [];
      const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
          done();
        },
      });
      const t = await startTestApp(null, { TRUST_PROXY: trustProxy }, { logger: true, logStream: stream });
      await t.close();
      return lines.filter((line) => line.includes('TRUST_PROXY'));
    };
    expect(await started('true')).toHaveLength(1);
    expect(await started('1')).toEqual([]);
  });
});

describe('redactUrl', () => {
  it.each([
    ['/loginCallback?token=eyJa.b.c&returnPath=%2F', '/loginCallback?token=[redacted]&returnPath=%2F'],
    ['/messagehub?id=abc&access_token=ey.J.x&_=1', '/messagehub?id=[redacted]&access_token=[redacted]&_=1'],
    ['/auth/callback?code=xyz&state=s1', '/auth/callback?code=[redacted]&state=[redacted]'],
    ['/somewhere/eyJhbGciOi.eyJzdWIi.sig-_1', '/somewhere/[redacted]'],
    ['/api/v2/userinfo', '/api/v2/userinfo'],
  ])('%s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });

  it('takes time linear in the URL, whatever it holds (a 15 KB "eyJeyJ…" once held the event loop)', () => {
    for (const url of [
      `/?${'eyJ'.repeat(5_000)}`,
      `/?${'eyJ'.repeat(2_500)}.${'a'.repeat(7_500)}`,
      `/x/${'=eyJa.b'.repeat(2_000)}`,
    ]) {
      const started = performance.now();
      redactUrl(url);
      // Microseconds here; unanchored, the first of these took some 80 ms. Room for a busy machine.
      expect(performance.now() - started, url.slice(0, 20)).toBeLessThan(scaledMs(25));
    }
  });

  it('still finds a token wherever a URL puts one: after =, / or any other delimiter', () => {
    expect(redactUrl('/a?x=1&t2=eyJh.eyJz.sig')).toBe('/a?x=1&t2=[redacted]');
    expect(redactUrl('/a;eyJh.eyJz.sig')).toBe('/a;[redacted]');
  });

  it('finds a token glued to what stands before it: an encoded parameter, or junk in front', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';
    expect(redactUrl(`/auth/login?returnPath=%2FloginCallback%3Ftoken%3D${jwt}`)).toBe(
      '/auth/login?returnPath=%2FloginCallback%3Ftoken%3D[redacted]',
    );
    expect(redactUrl(`/?a=eyJa.b.${jwt}`)).toBe('/?a=[redacted]');
    expect(redactUrl(`/x/abc${jwt}/y`)).toBe('/x/abc[redacted]/y');
  });
});
