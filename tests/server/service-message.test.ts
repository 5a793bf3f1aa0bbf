import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaticContent } from '../../shared/contract/static-content';
import { loadConfig } from '../../server/src/config';
import { DEMO_SERVICE_MESSAGE_TEXT } from '../../server/src/content/service-message';
import { PGLITE_ONLY, startTestApp, type TestApp } from './helpers';

/**
 * The service message is the deployment's (SERVICE_MESSAGE, docs/api.md "The service message"), not
 * the code's. The demo data carries the demonstration text; a database without it and without the
 * setting has none.
 */
const URL = '/api/v2/staticcontent';
const OWN_TEXT = 'Systemet lukker lørdag kl. 8-12 for opdatering.';

async function serviceMessageOf(t: TestApp) {
  const response = await t.app.inject({ url: URL });
  expect(response.statusCode).toBe(200);
  return { message: response.json<StaticContent>().serviceMessage, etag: String(response.headers.etag) };
}

describe('SERVICE_MESSAGE in the configuration', () => {
  const base = { JWT_SECRET: 'a-secret-of-enough-length-for-hs256', DATABASE_URL: 'memory://' };

  it('is null unless set, and an empty or blank value is unset', () => {
    expect(loadConfig(base).serviceMessage).toBeNull();
    expect(loadConfig({ ...base, SERVICE_MESSAGE: '' }).serviceMessage).toBeNull();
    expect(loadConfig({ ...base, SERVICE_MESSAGE: '  \n ' }).serviceMessage).toBeNull();
    expect(loadConfig({ ...base, SERVICE_MESSAGE: ` ${OWN_TEXT} ` }).serviceMessage).toBe(OWN_TEXT);
  });
});

describe.each(PGLITE_ONLY)('the service message of staticcontent on $name', ({ admin }) => {
  let demo: TestApp;
  let demoWithOwn: TestApp;
  let empty: TestApp;
  let emptyWithOwn: TestApp;

  beforeAll(async () => {
    [demo, demoWithOwn, empty, emptyWithOwn] = await Promise.all([
      startTestApp(admin),
      startTestApp(admin, { SERVICE_MESSAGE: OWN_TEXT }),
      startTestApp(admin, { SEED: 'none' }),
      startTestApp(admin, { SEED: 'none', SERVICE_MESSAGE: OWN_TEXT }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([demo, demoWithOwn, empty, emptyWithOwn].map((t) => t?.close()));
  });

  it('is none on a database without the demo data when nothing is set', async () => {
    expect((await serviceMessageOf(empty)).message).toBeNull();
  });

  it('is the demonstration text on the demo data (SEED=demo, the default) when nothing is set', async () => {
    expect(demo.config.seed).toBe('demo');
    expect((await serviceMessageOf(demo)).message).toEqual({
      id: expect.any(String),
      text: DEMO_SERVICE_MESSAGE_TEXT,
    });
  });

  it('is the configured text when SERVICE_MESSAGE is set, with or without the demo data', async () => {
    const own = await serviceMessageOf(emptyWithOwn);
    expect(own.message).toEqual({ id: expect.any(String), text: OWN_TEXT });
    const ownOnDemo = await serviceMessageOf(demoWithOwn);
    expect(ownOnDemo.message).toEqual(own.message);
  });

  it('reaches a client holding the old message: a new id and a new ETag, so no 304', async () => {
    const before = await serviceMessageOf(demo);
    // The same database, restarted with a message of its own.
    const after = await demoWithOwn.app.inject({ url: URL, headers: { 'if-none-match': before.etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.etag);
    const message = after.json<StaticContent>().serviceMessage;
    expect(message?.text).toBe(OWN_TEXT);
    // A dismissal of the demonstration text (by id, for the session) does not hide the new one.
    expect(message?.id).not.toBe(before.message?.id);
  });
});
