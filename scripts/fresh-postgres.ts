import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A database of its own for one bench run on the PostgreSQL server at `admin` (a URL whose user
 * may create databases), with a way to drop it afterwards (also while the run's server still
 * holds connections).
 */
export async function freshPostgresDatabase(
  admin: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
