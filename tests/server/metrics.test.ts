import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKGROUND_POOL_SIZE } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { QUESTIONS } from '../../server/src/db/seed/catalogue';
import { freePort } from '../../scripts/server-child';
import {
  bearer,
  DATABASES,
  demoToken,
  organizationsOf,
  residencesWithoutAssessment,
  startTestApp,
  type TestApp,
} from './helpers';

/**
 * `/metrics` (docs/operations.md "Metrics"): answered only to its token or on its own port, in
 * Prometheus' text format, and its figures move with the requests a test makes: requests by
 * route and status, syncanswer's outcomes, the job queue and the items a job did.
 */

const TOKEN = 'metrics-token-for-the-tests';

/** The value of one series in Prometheus' text format (0 when absent), its labels in any order. */
function series(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '').split(',').filter(Boolean);
    if (wanted.every((label) => have.includes(label))) return Number(match[3]);
  }
  return 0;
}

describe.each(DATABASES)('metrics on $name', ({ name, admin }) => {
  let t: TestApp;
  let token: string;
  const scrape = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  };

  beforeAll(async () => {
    t = await startTestApp(admin, { METRICS_TOKEN: TOKEN });
    token = await demoToken(t.app, 'skriver');
  });
  afterAll(() => t?.close());

  it('answers only to its token', async () => {
    for (const headers of [
      {},
      bearer('metrics-token-for-the-test'),
      bearer(`${TOKEN}x`),
      { authorization: TOKEN },
    ]) {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(response.body).not.toContain('process_cpu');
    }
    const text = await scrape();
    expect(series(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(text).toContain('# TYPE bt_job_queue_jobs gauge');
    // The pools are a PostgreSQL server's; embedded PGlite has none. Both of an instance's pools
    // are there: the requests' and the background work's.
    expect(text.includes('bt_db_pool_connections')).toBe(name !== 'PGlite');
    if (name !== 'PGlite') {
      expect(series(text, 'bt_db_pool_max', { pool: 'requests' })).toBeGreaterThan(0);
      expect(series(text, 'bt_db_pool_max', { pool: 'background' })).toBe(BACKGROUND_POOL_SIZE);
      expect(text).toContain('bt_db_pool_connections{pool="background",state="waiting"}');
    }
  });

  it('counts the hub connections by transport', async () => {
    const negotiated = await t.app.inject({
      method: 'POST',
      url: '/messagehub/negotiate?negotiateVersion=1',
      headers: bearer(token),
    });
    expect(negotiated.statusCode).toBe(200);
    // Negotiated, no transport attached yet.
    expect(series(await scrape(), 'bt_hub_connections', { transport: 'none' })).toBe(1);
  });

  it('counts requests by route pattern and status, with their latency', async () => {
    const route = { method: 'GET', route: '/api/v2/photos/:photoId' };
    const before = await scrape();
    await t.app.inject({ method: 'GET', url: `/api/v2/photos/${randomUUID()}`, headers: bearer(token) });
    await t.app.inject({ method: 'GET', url: `/api/v2/photos/${randomUUID()}`, headers: bearer(token) });
    await t.app.inject({ method: 'GET', url: `/api/v2/photos/${randomUUID()}` });
    const after = await scrape();
    const count = (text: string, status: string) =>
      series(text, 'bt_http_request_duration_seconds_count', { ...route, status });
    expect(count(after, '404') - count(before, '404')).toBe(2);
    expect(count(after, '401') - count(before, '401')).toBe(1);
    expect(
      series(after, 'bt_http_request_duration_seconds_bucket', { ...route, status: '404', le: '+Inf' }),
    ).toBe(count(after, '404'));
  });

  it('counts syncanswer outcomes: applied, a repeated key, and an answer older than the stored one', async () => {
    const organization = (await organizationsOf(t.app.db, 'skriver'))[0]!;
    const [residence] = await residencesWithoutAssessment(t.app.db, organization, { limit: 1 });
    const created = await t.app.inject({
      method: 'GET',
      url: `/api/v2/assessment/createnewassessment?propertyId=${residence}`,
      headers: bearer(token),
    });
    expect(created.statusCode).toBe(200);
    const assessmentId = created.json<string>();
    const question = QUESTIONS.find((q) => q.chapterId === 'screening' && q.type === 'single')!;
    const answer = (key: string, answeredAt: string, value: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v2/sync/syncanswer',
        headers: { ...bearer(token), 'idempotency-key': key },
        payload: {
          assessmentId,
          questionUniqueId: question.uniqueId,
          values: [question.options![value]!.answerId],
          answeredAt,
        },
      });
    const outcome = (text: string, kind: string) => series(text, 'bt_syncanswer_total', { outcome: kind });
    const before = await scrape();
    const key = randomUUID();
    const now = new Date().toISOString();
    expect((await answer(key, now, 0)).statusCode).toBe(200);
    expect((await answer(key, now, 0)).statusCode).toBe(200);
    expect((await answer(randomUUID(), '2020-01-01T00:00:00.000Z', 1)).statusCode).toBe(409);
    const after = await scrape();
    expect(outcome(after, 'applied') - outcome(before, 'applied')).toBe(1);
    expect(outcome(after, 'already_applied') - outcome(before, 'already_applied')).toBe(1);
    expect(outcome(after, 'changed_since') - outcome(before, 'changed_since')).toBe(1);
  });

  it('shows a copy job in the queue, then counts its items and its end', async () => {
    const organization = (await organizationsOf(t.app.db, 'skriver'))[0]!;
    const targets = (await residencesWithoutAssessment(t.app.db, organization, { limit: 4 })).slice(1);
    const source = await t.app.db
      .selectFrom('assessments')
      .select('id')
      .where('organization_id', '=', organization)
      .where('status', '=', 'approved')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const before = await scrape();
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/v2/assessment/copyassessments',
      headers: bearer(token),
      payload: { propertyIds: targets, sourceAssessmentIdToCopyFrom: source.id, isFakeJob: false },
    });
    expect(started.statusCode).toBe(200);
    const { jobId } = started.json<{ jobId: string }>();
    // Queued or already running: in the queue until its last item.
    const queued = await scrape();
    expect(
      series(queued, 'bt_job_queue_jobs') + series(queued, 'bt_jobs_ended_total', { kind: 'copy' }),
    ).toBeGreaterThan(series(before, 'bt_jobs_ended_total', { kind: 'copy' }));
    await expect
      .poll(
        async () =>
          (await t.app.inject({ method: 'GET', url: `/api/v2/jobs/${jobId}`, headers: bearer(token) })).json<{
            status: string;
          }>().status,
        { timeout: 30_000 },
      )
      .toBe('succeeded');
    const after = await scrape();
    const items = (text: string) => series(text, 'bt_job_items_total', { kind: 'copy', outcome: 'done' });
    expect(items(after) - items(before)).toBe(3);
    const ended = (text: string) =>
      series(text, 'bt_jobs_ended_total', { kind: 'copy', status: 'succeeded' });
    expect(ended(after) - ended(before)).toBe(1);
    expect(series(after, 'bt_job_queue_jobs')).toBe(0);
    expect(series(after, 'bt_job_queue_oldest_seconds')).toBe(0);
  });
});

describe('metrics where the operator did not ask for them', () => {
  it('are nowhere by default', async () => {
    const t = await startTestApp(null);
    try {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
      expect(response.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('answer on their own port, and only /metrics there', async () => {
    const port = await freePort();
    const t = await startTestApp(null, { METRICS_PORT: String(port) });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const metrics = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(metrics.status).toBe(200);
      expect(series(await metrics.text(), 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
      expect((await fetch(`http://127.0.0.1:${port}/api/v2/userinfo`)).status).toBe(404);
      // Not on the API's port: no token was set.
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
    // Closed with the API.
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });

  it('refuse a token short enough to guess', () => {
    expect(() => loadConfig({ DATABASE_URL: 'memory://', METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});
