import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSION_THRESHOLD } from '../../server/src/http/compression';
import { RS } from '../../server/src/hub/protocol';
import type { JobProgressEvent } from '../../server/src/jobs/job-events';
import { bearer, demoToken, listenForClients, startTestApp, userIdOf, type TestApp } from './helpers';

const CHROMIUM = 'gzip, deflate, br, zstd';

// Compression does not depend on the database: PGlite only, one app for every case.
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp(null);
  token = await demoToken(t.app, 'skriver');
});
afterAll(async () => {
  await t?.close();
});

describe('API answers compressed above the threshold', () => {
  // An assessment's question list: some 50 KB of JSON made per request. (The active
  // assessments are compressed once per version of the list, as the department lists are.)
  let bigUrl: string;
  beforeAll(async () => {
    const organizations = await t.app.inject({
      url: '/api/v2/organizations/getorganizations',
      headers: bearer(token),
    });
    const active = await t.app.inject({
      url: `/api/v2/assessment/getactiveassessments?organizationId=${organizations.json<{ id: string }[]>()[0]!.id}`,
      headers: bearer(token),
    });
    bigUrl = `/api/v2/questions?assessmentId=${active.json<{ assessmentId: string }[]>()[0]!.assessmentId}`;
  });

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)(
    'sends a big answer as %s that decodes to the same JSON, with the renewed token',
    async (encoding, decode) => {
      const plain = await t.app.inject({ url: bigUrl, headers: bearer(token) });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
      const accept = encoding === 'br' ? CHROMIUM : 'gzip';
      const packed = await t.app.inject({
        url: bigUrl,
        headers: { ...bearer(token), 'accept-encoding': accept },
      });
      expect(packed.statusCode).toBe(200);
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(String(packed.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(packed.headers['content-type']).toMatch(/application\/json/);
      expect(packed.headers['set-authorization']).toBeTruthy();
      // Compressed per request (an answer compressed once per change carries an ETag).
      expect(packed.headers.etag).toBeUndefined();
      expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
      expect(JSON.parse(decode(packed.rawPayload).toString('utf8'))).toEqual(plain.json());
    },
  );

  it('leaves an answer under the threshold as it is', async () => {
    const response = await t.app.inject({
      url: '/api/v2/organizations/getorganizations',
      headers: { ...bearer(token), 'accept-encoding': CHROMIUM },
    });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['set-authorization']).toBeTruthy();
    expect(Array.isArray(response.json())).toBe(true);
  });

  it('keeps error answers JSON that a client reads as it is', async () => {
    const response = await t.app.inject({
      url: '/api/v2/properties/propertiesbydepartment?locationId=not-a-uuid',
      headers: { ...bearer(token), 'accept-encoding': CHROMIUM },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('the hub is never compressed', () => {
  const negotiate = async () =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/messagehub/negotiate?negotiateVersion=1',
        headers: { ...bearer(token), 'accept-encoding': CHROMIUM },
      })
    ).json<{ connectionToken: string }>().connectionToken;

  const progress = (jobId: string, currentCount: number): JobProgressEvent => ({
    kind: 'copy',
    userId: userIdOf(token),
    organizationId: 'delivered directly, not through the audience check',
    jobId,
    payload: {
      propertyId: `property-${currentCount}`,
      newAssessmentId: `assessment-${currentCount}`,
      currentCount,
      maxCount: 40,
      error: null,
    },
  });

  it('a long poll that carries more than the threshold goes out as it is', async () => {
    const id = await negotiate();
    const url = `/messagehub?id=${id}`;
    const headers = { ...bearer(token), 'accept-encoding': CHROMIUM };
    expect((await t.app.inject({ url, headers })).statusCode).toBe(200);
    const handshake = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...headers, 'content-type': 'text/plain;charset=UTF-8' },
      payload: `{"protocol":"json","version":1}${RS}`,
    });
    expect(handshake.statusCode).toBe(200);
    for (let n = 1; n <= 40; n++) t.app.hub.deliver(progress('poll-job', n));
    const poll = await t.app.inject({ url, headers });
    expect(poll.statusCode).toBe(200);
    expect(poll.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
    expect(poll.headers['content-encoding']).toBeUndefined();
    expect(poll.body).toContain('"CopyAssessment"');
    expect(poll.body).toContain('assessment-40');
  });

  it('an event stream is sent as written, never buffered for compression', async () => {
    const { baseUrl, destroySockets } = await listenForClients(t);
    try {
      const id = await negotiate();
      const url = `${baseUrl}/messagehub?id=${id}&access_token=${encodeURIComponent(token)}`;
      // node:http hands over the bytes as they arrive, undecoded.
      const { encoding, first } = await new Promise<{ encoding: unknown; first: string }>(
        (resolve, reject) => {
          const request = httpRequest(url, {
            headers: { accept: 'text/event-stream', 'accept-encoding': CHROMIUM },
          });
          request.on('response', (response) => {
            response.once('data', (chunk: Buffer) => {
              resolve({ encoding: response.headers['content-encoding'], first: chunk.toString('utf8') });
              request.destroy();
            });
          });
          request.on('error', reject);
          request.end();
        },
      );
      expect(encoding ?? 'identity').toBe('identity');
      expect(first).toBe(':\r\n');
    } finally {
      destroySockets();
    }
  });
});
