import Fastify from 'fastify';
import type { Kysely } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../../server/src/db/schema';

vi.mock('../../server/src/db/migrate', () => ({
  pendingMigrations: () =>
    Promise.reject(new Error('password authentication failed for user "bt_owner" at db.internal:5432')),
}));

const { healthRoutes } = await import('../../server/src/routes/health');

/** /readyz once answered anyone with the database's own error text (docs/api.md "Health"). */
describe('/readyz when the database fails', () => {
  it('says only that it is unavailable; the reason goes to the log', async () => {
    const app = Fastify();
    await app.register(healthRoutes, { db: {} as Kysely<Database>, shuttingDown: () => false });
    const ready = await app.inject({ url: '/readyz' });
    expect([ready.statusCode, ready.json()]).toEqual([503, { status: 'database unavailable' }]);
    expect(ready.body).not.toMatch(/bt_owner|db\.internal|password/);
    await app.close();
  });
});
