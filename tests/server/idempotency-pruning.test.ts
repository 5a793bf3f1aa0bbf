import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneIdempotencyKeys } from '../../server/src/jobs/prune-idempotency-keys';
import { DEMO_USERS } from '../../server/src/db/seed/demo-users';
import { PGLITE_ONLY, startTestApp, type TestApp } from './helpers';

/**
 * The idempotency keys of answers are forgotten after their retention (docs/architecture.md 4,
 * "Idempotent answers").
 */
describe.each(PGLITE_ONLY)('pruning idempotency keys on $name', ({ admin }) => {
  let t: TestApp;
  const user = DEMO_USERS[0]!.id;
  const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600_000);

  beforeAll(async () => {
    t = await startTestApp(admin, { JOB_WORKER: 'false' });
    await t.app.db
      .insertInto('sync_requests')
      .values([
        { user_id: user, idempotency_key: 'old-1', request_hash: 'h', created_at: daysAgo(45) },
        { user_id: user, idempotency_key: 'old-2', request_hash: 'h', created_at: daysAgo(31) },
        { user_id: user, idempotency_key: 'kept', request_hash: 'h', created_at: daysAgo(29) },
        { user_id: user, idempotency_key: 'new', request_hash: 'h', created_at: new Date() },
      ])
      .execute();
  });

  afterAll(() => t?.close());

  it('removes the keys older than the retention and keeps the others', async () => {
    expect(await pruneIdempotencyKeys(t.app.db, 30)).toBe(2);
    const left = await t.app.db
      .selectFrom('sync_requests')
      .select('idempotency_key')
      .where('user_id', '=', user)
      .execute();
    expect(left.map((r) => r.idempotency_key).sort()).toEqual(['kept', 'new']);
    expect(await pruneIdempotencyKeys(t.app.db, 30)).toBe(0);
  });

  it('finds them through the BRIN index on created_at', async () => {
    const { rows } = await sql<{
      indexname: string;
    }>`select indexname from pg_indexes where tablename = 'sync_requests'`.execute(t.app.db);
    expect(rows.map((r) => r.indexname)).toContain('sync_requests_created_brin');
  });
});
