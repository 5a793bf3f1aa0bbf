import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { JobCreated } from '../../shared/contract/dto';
import { bearer, demoToken, organizationsOf, residencesWithoutAssessment, startTestApp } from './helpers';

/**
 * On PostgreSQL the job worker, the pruning and the hub's checks have a pool of their own
 * (server/src/app.ts, docs/performance.md "A country's morning"): a burst of requests that
 * fills the request pool must not stop an office's copy.
 */
const admin = process.env.TEST_DATABASE_URL;

describe.runIf(admin)('the background pool on PostgreSQL', () => {
  it('copies while the only connection of the request pool is held', async () => {
    const t = await startTestApp(admin!, { DATABASE_POOL_SIZE: '1' });
    const watcher = new pg.Client({ connectionString: t.config.databaseUrl });
    try {
      await watcher.connect();
      const token = await demoToken(t.app, 'skriver');
      const [organizationId] = (await organizationsOf(t.app.db, 'skriver')) as [string];
      const { id: source } = await t.app.db
        .selectFrom('assessments')
        .select('id')
        .where('organization_id', '=', organizationId)
        .where('status', '=', 'approved')
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const free = await residencesWithoutAssessment(t.app.db, organizationId, { limit: 20 });
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v2/assessment/copyassessments',
        headers: bearer(token),
        payload: {
          propertyIds: free,
          sourceAssessmentIdToCopyFrom: source,
          isFakeJob: false,
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      const { jobId } = response.json<JobCreated>();
      // The request pool's one connection sleeps for 4 s; the copy goes on beside it.
      const held = sql`select pg_sleep(4)`.execute(t.app.db);
      const heldSince = Date.now();
      let status = '';
      while (Date.now() - heldSince < 3_500 && status !== 'succeeded') {
        await new Promise((resolve) => setTimeout(resolve, 100));
        status = (await watcher.query<{ status: string }>('select status from jobs where id = $1', [jobId]))
          .rows[0]!.status;
      }
      expect(status).toBe('succeeded');
      await held;
    } finally {
      await watcher.end();
      await t.close();
    }
  }, 60_000);
});
