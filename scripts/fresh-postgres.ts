import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A database of its own for one bench run on the PostgreSQL server at `admin` (a URL whose user
 * may create databases), with a way to drop it afterwards (also while the run's server still
 * holds connections). With `template` it starts as a copy of that database (which nobody may be
 * connected to meanwhile): a bench that writes leaves the template as it was.
 */
export async function freshPostgresDatabase(
  admin: string,
  prefix: string,
  template?: string,
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
  await run(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * The PostgreSQL server a bench uses: BENCH_DATABASE_URL, or the throw-away test server that
 * scripts/start-test-postgres.sh starts (or finds running) and names on its last line.
 */
export function benchPostgresAdmin(): string {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  const line = execSync('bash scripts/start-test-postgres.sh', { encoding: 'utf8' })
    .trim()
    .split('\n')
    .at(-1)!;
  return line.replace(/^TEST_DATABASE_URL=/, '');
}
