import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createStaticFront,
  fileAnswer,
  type FrontAnswer,
  type StaticFrontOptions,
} from '../../server/src/http/static-front';
import { loadBuild, type StaticFile } from '../../server/src/http/static-files';
import { STATIC_CONTENT_URL, staticContentAnswer } from '../../server/src/routes/content';
import { startTestApp, type TestApp } from './helpers';
import { CHROMIUM, writeBuild } from './static-build-fixture';

/**
 * The build's files and `staticcontent` answered in front of Fastify
 * (server/src/http/static-front.ts, docs/performance.md "The static front"): over a real socket,
 * byte for byte and header for header what the Fastify route answers (`app.inject` never passes
 * the front); and which requests the front leaves to Fastify.
 */

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function get(port: number, url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: url, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** The headers that say what was sent; the date, the connection's and the request's id differ. */
function comparable(headers: Record<string, unknown>): Record<string, string> {
  const skip = new Set(['date', 'connection', 'keep-alive', 'x-request-id', 'transfer-encoding']);
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !skip.has(name))
      .map(([name, value]) => [name, String(value)]),
  );
}

const portOf = (server: { address(): AddressInfo | string | null }) => (server.address() as AddressInfo).port;

describe('the static front', () => {
  let t: TestApp;
  let port: number;
  let dir: string;
  beforeAll(async () => {
    ({ dir } = writeBuild());
    t = await startTestApp(null, { STATIC_DIR: dir }, { seed: false });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = portOf(t.app.server);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("stands in front of Fastify's listener on the server", () => {
    expect(t.app.server.listeners('request').map((listener) => listener.name)).toEqual([
      'staticFrontThenFastify',
    ]);
  });

  const br = { 'accept-encoding': CHROMIUM };
  const gzip = { 'accept-encoding': 'gzip' };
  const cases: { title: string; url: string; headers?: Record<string, string>; method?: string }[] = [
    { title: 'an asset in brotli', url: '/assets/index-abc123.js', headers: br },
    { title: 'an asset in gzip', url: '/assets/index-abc123.js', headers: gzip },
    { title: 'an asset as it is', url: '/assets/index-abc123.js' },
    { title: 'an asset with a query', url: '/assets/index-abc123.js?v=2', headers: br },
    { title: 'HEAD of an asset', url: '/assets/index-abc123.js', headers: br, method: 'HEAD' },
    { title: '/ (the page)', url: '/', headers: br },
    { title: '/index.html in gzip', url: '/index.html', headers: gzip },
    { title: 'the service worker, without twins', url: '/sw.js', headers: br },
    { title: 'an image', url: '/icons/icon.png', headers: br },
    { title: 'staticcontent in brotli', url: STATIC_CONTENT_URL, headers: br },
    { title: 'staticcontent in gzip', url: STATIC_CONTENT_URL, headers: gzip },
    { title: 'staticcontent as it is', url: STATIC_CONTENT_URL },
    { title: 'HEAD of staticcontent', url: STATIC_CONTENT_URL, headers: br, method: 'HEAD' },
  ];

  it.each(cases)('answers $title as the Fastify route does', async ({ url, headers, method }) => {
    // Twice: the service worker's first answer compresses it and staticcontent's first builds
    // it, and only then the front has them.
    await get(port, url, headers, method);
    const front = await get(port, url, headers, method);
    const route = await t.app.inject({ url, headers, method: (method ?? 'GET') as 'GET' | 'HEAD' });
    expect(front.status).toBe(route.statusCode);
    expect(comparable(front.headers)).toEqual(comparable(route.headers));
    expect(front.body).toEqual(route.rawPayload);
    expect(front.headers['x-request-id']).toMatch(/^[\w-]{36}$/);
  });

  it('answers a revalidation with 304 and a page its headers, as the route does', async () => {
    for (const url of ['/assets/index-abc123.js', '/', STATIC_CONTENT_URL]) {
      const first = await get(port, url, { 'accept-encoding': CHROMIUM });
      const headers = { 'accept-encoding': CHROMIUM, 'if-none-match': String(first.headers.etag) };
      const front = await get(port, url, headers);
      const route = await t.app.inject({ url, headers });
      expect(front.status).toBe(304);
      expect(comparable(front.headers)).toEqual(comparable(route.headers));
      expect(front.body.length).toBe(0);
    }
  });

  it('counts what it answers in the metrics, by the file as its route', async () => {
    const count = async () => {
      const metrics = await t.app.metrics.registry.getSingleMetricAsString(
        'bt_http_request_duration_seconds',
      );
      const line = metrics
        .split('\n')
        .find(
          (l) =>
            l.startsWith('bt_http_request_duration_seconds_count') && l.includes('route="/icons/icon.png"'),
        );
      return Number(line?.split(' ').at(-1) ?? 0);
    };
    const before = await count();
    await get(port, '/icons/icon.png');
    await get(port, '/icons/icon.png');
    expect((await count()) - before).toBe(2);
  });
});

describe('what the front leaves to Fastify', () => {
  let t: TestApp;
  let files: Map<string, StaticFile>;
  let answers: Map<string, FrontAnswer>;
  beforeAll(async () => {
    const { dir } = writeBuild();
    t = await startTestApp(null, { STATIC_DIR: dir }, { seed: false });
    files = await loadBuild(dir);
    answers = new Map([...files].map(([url, file]) => [url, fileAnswer(file)]));
    answers.set(STATIC_CONTENT_URL, staticContentAnswer(t.app.staticContent));
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A server on which the front answers, and 599 stands for "left to Fastify". */
  async function serveFront(options: Partial<StaticFrontOptions>): Promise<Server> {
    const answer = createStaticFront(t.app, {
      answers,
      closing: () => false,
      crossOrigin: false,
      trustsProxy: false,
      ...options,
    });
    const server = createServer((req, res) => {
      if (answer(req, res)) return;
      res.statusCode = 599;
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return server;
  }
  const statusOf = async (
    server: Server,
    url: string,
    headers: Record<string, string> = {},
    method = 'GET',
  ) => (await get(portOf(server), url, headers, method)).status;

  it('answers the files, and leaves every other path and method', async () => {
    const server = await serveFront({});
    try {
      expect(await statusOf(server, '/assets/index-abc123.js')).toBe(200);
      expect(await statusOf(server, '/assets/index-abc123.js', {}, 'HEAD')).toBe(200);
      expect(await statusOf(server, '/assets/index-abc123.js', {}, 'POST')).toBe(599);
      expect(await statusOf(server, '/organizations')).toBe(599);
      expect(await statusOf(server, '/api/v2/userinfo')).toBe(599);
      expect(await statusOf(server, '/assets/%69ndex-abc123.js')).toBe(599);
    } finally {
      server.close();
    }
  });

  it('leaves a text file without twins until its first compression is done', async () => {
    const server = await serveFront({});
    try {
      expect(await statusOf(server, '/sw.js')).toBe(599);
      await files.get('/sw.js')!.body();
      expect(await statusOf(server, '/sw.js')).toBe(200);
    } finally {
      server.close();
    }
  });

  it('leaves staticcontent until it is first built, and answers it after', async () => {
    const server = await serveFront({});
    try {
      expect(await statusOf(server, STATIC_CONTENT_URL)).toBe(599);
      await t.app.staticContent.current();
      expect(await statusOf(server, STATIC_CONTENT_URL)).toBe(200);
      t.app.staticContent.invalidate();
      expect(await statusOf(server, STATIC_CONTENT_URL)).toBe(599);
    } finally {
      server.close();
    }
  });

  it.each([
    ['while the server shuts down', { closing: () => true }, {}],
    ['when another origin may read the API (APP_URL)', { crossOrigin: true }, {}],
    [
      'when a trusted proxy says how the request came',
      { trustsProxy: true },
      { 'x-forwarded-proto': 'https' },
    ],
  ])('leaves the files %s', async (_, options, headers) => {
    const server = await serveFront(options);
    try {
      expect(await statusOf(server, '/assets/index-abc123.js', headers)).toBe(599);
    } finally {
      server.close();
    }
  });

  it('answers a request that names a proxy it does not trust (X-Forwarded-Proto is not read)', async () => {
    const server = await serveFront({});
    try {
      const answer = await get(portOf(server), '/assets/index-abc123.js', { 'x-forwarded-proto': 'https' });
      expect(answer.status).toBe(200);
      expect(answer.headers['strict-transport-security']).toBeUndefined();
    } finally {
      server.close();
    }
  });
});

describe('the log of the answers in front', () => {
  it.each([
    ['info', []],
    ['debug', ['/assets/index-abc123.js', '/assets/index-abc123.js']],
  ])('at %s holds a page and staticcontent, and the files only at debug', async (level, files) => {
    const lines: { level: number; url: string; msg: string }[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const { dir } = writeBuild();
    const t = await startTestApp(
      null,
      { STATIC_DIR: dir, LOG_LEVEL: level },
      { seed: false, logger: true, logStream },
    );
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      await get(portOf(t.app.server), '/assets/index-abc123.js'); // the front
      await t.app.inject({ url: '/assets/index-abc123.js' }); // the file's route
      await t.app.inject({ url: '/organizations' }); // a client route: the page, a visit
      // The route builds staticcontent, the front answers it after; both log it as an API call.
      await get(portOf(t.app.server), STATIC_CONTENT_URL);
      await get(portOf(t.app.server), STATIC_CONTENT_URL);
      const requests = lines.filter((line) => line.msg === 'request');
      expect(requests.filter((line) => line.level === 30).map((line) => line.url)).toEqual([
        '/organizations',
        STATIC_CONTENT_URL,
        STATIC_CONTENT_URL,
      ]);
      expect(requests.filter((line) => line.level === 20).map((line) => line.url)).toEqual(files);
    } finally {
      await t.close();
    }
  });
});
