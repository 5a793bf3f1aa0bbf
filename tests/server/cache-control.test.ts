import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, demoToken, startTestApp, type TestApp } from './helpers';

/**
 * An authenticated answer belongs to one user, so neither a shared proxy nor the browser's HTTP
 * cache may keep it: `private, no-store`, or `private, no-cache` where an ETag lets the app
 * revalidate (docs/architecture.md "Security headers").
 */
describe('Cache-Control on authenticated answers', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(null);
    token = await demoToken(t.app, 'skriver');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('says private, no-store on an answer without an ETag, refusals too', async () => {
    const userInfo = await t.app.inject({ url: '/api/v2/userinfo', headers: bearer(token) });
    expect(userInfo.statusCode).toBe(200);
    expect(userInfo.headers['cache-control']).toBe('private, no-store');
    const refused = await t.app.inject({
      url: '/api/v2/properties/getproperty?propertyId=00000000-0000-4000-8000-00000000ffff',
      headers: bearer(token),
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.headers['cache-control']).toBe('private, no-store');
  });

  it('says private, no-cache on an answer the app revalidates by its ETag', async () => {
    const organizations = await t.app.inject({
      url: '/api/v2/organizations/getorganizations',
      headers: bearer(token),
    });
    const [organization] = organizations.json<{ id: string }[]>();
    const list = await t.app.inject({
      url: `/api/v2/assessment/getactiveassessments?organizationId=${organization!.id}`,
      headers: bearer(token),
    });
    expect(list.statusCode).toBe(200);
    expect(list.headers.etag).toBeDefined();
    expect(list.headers['cache-control']).toBe('private, no-cache');
  });
});
