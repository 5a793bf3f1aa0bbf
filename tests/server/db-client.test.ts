import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../../server/src/db/client';

const admin = process.env.TEST_DATABASE_URL ?? null;

/**
 * A PostgreSQL server may end the API's idle connections at any time (restart, failover, an
 * administrator). That must be reported and survived, never end the process.
 */
describe('the database client on a PostgreSQL server', () => {
  it.runIf(admin !== null)('survives the server ending its idle connections', async () => {
    const name = `bt_test_${randomBytes(6).toString('hex')}`;
    const control = new pg.Client({ connectionString: admin! });
    await control.connect();
    await control.query(`CREATE DATABASE ${name}`);
    const url = new URL(admin!);
    url.pathname = `/${name}`;
    const lost: Error[] = [];
    const db = createDatabase(url.toString(), (error) => lost.push(error));
    try {
      await sql`select 1`.execute(db);
      await control.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [
        name,
      ]);
      const start = Date.now();
      while (lost.length === 0 && Date.now() - start < 5_000) await new Promise((r) => setTimeout(r, 20));
      expect(lost.length).toBeGreaterThan(0);
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await db.destroy();
      await control.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await control.end();
    }
  });
});
