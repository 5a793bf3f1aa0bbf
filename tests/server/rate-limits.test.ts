import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, demoToken, startTestApp, type TestApp } from './helpers';

describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(null, {
      RATE_LIMIT_SIGN_IN_PER_MINUTE: '3',
      RATE_LIMIT_API_PER_MINUTE: '5',
      RATE_LIMIT_HUB_PER_MINUTE: '2',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const from = (address: string) => ({ remoteAddress: address });

  it('limits sign-in per address: 429 with Retry-After and a JSON message', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await t.app.inject({ url: '/auth/login', ...from('10.0.0.1') });
      statuses.push(response.statusCode);
      // Under the limit the counters are not sent; over it they are, beside Retry-After.
      if (i < 3) expect(response.headers['x-ratelimit-remaining']).toBeUndefined();
      if (i === 3) {
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
        expect(response.headers['x-ratelimit-limit']).toBe('3');
        expect(response.json()).toEqual({
          message: expect.stringMatching(/^Too many requests: try again in \d+ (seconds?|minutes?)$/),
          code: 'RATE_LIMITED',
        });
      }
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Another address is another count.
    expect((await t.app.inject({ url: '/auth/login', ...from('10.0.0.2') })).statusCode).toBe(200);
  });

  it('limits sign-in however the path is spelled (the router decodes it, the limit keys on the route)', async () => {
    const statuses: number[] = [];
    for (const url of [
      '/auth/%64emo-token',
      '/auth/demo-%74oken',
      '/%61uth/demo-token',
      '/auth/demo-token',
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        payload: { userName: 'skriver' },
        ...from('10.0.9.1'),
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('limits the API per user, whatever the address; one user’s burst leaves another’s alone', async () => {
    const [skriver, laeser] = [await demoToken(t.app, 'skriver'), await demoToken(t.app, 'laeser')];
    const ask = (token: string, address: string) =>
      t.app.inject({ url: '/api/v2/userinfo', headers: bearer(token), ...from(address) });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await ask(skriver, `10.1.0.${i}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await ask(laeser, '10.1.0.0')).statusCode).toBe(200);
    // Health probes are never limited.
    for (let i = 0; i < 6; i++) expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });

  it('counts an API miss however it is spelled: no route matched, the decoded path decides', async () => {
    const statuses: number[] = [];
    for (const url of [
      '/api/v2/nothing',
      '//API/v2/userinfo',
      '/%61pi/v2/x',
      '/Api//v2/y',
      '/api/v2/z',
      '/api/v2/w',
    ])
      statuses.push((await t.app.inject({ url, ...from('10.9.0.1') })).statusCode);
    expect(statuses.slice(0, 5).every((status) => status !== 429)).toBe(true);
    expect(statuses[5]).toBe(429);
  });

  it('limits new hub connections per user', async () => {
    const token = await demoToken(t.app, 'flere');
    const negotiate = () =>
      t.app.inject({
        method: 'POST',
        url: '/messagehub/negotiate?negotiateVersion=1',
        headers: bearer(token),
      });
    expect([
      (await negotiate()).statusCode,
      (await negotiate()).statusCode,
      (await negotiate()).statusCode,
    ]).toEqual([200, 200, 429]);
  });
});

describe('rate limits in a shorter window', () => {
  let t: TestApp;
  beforeAll(async () => {
    // 120 a minute counted in windows of one second: two a second.
    t = await startTestApp(null, { RATE_LIMIT_API_PER_MINUTE: '120', RATE_LIMIT_WINDOW_S: '1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("allows the limit's share of a minute per window, and the next window allows it again", async () => {
    const token = await demoToken(t.app, 'skriver');
    const ask = () => t.app.inject({ url: '/api/v2/userinfo', headers: bearer(token) });
    const answers = [await ask(), await ask(), await ask()];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 429]);
    expect(answers[2]!.headers['retry-after']).toBe('1');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await ask()).statusCode).toBe(200);
  });
});
