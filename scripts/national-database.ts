import pg from 'pg';
import { createDatabase } from '../server/src/db/client';
import { migrateToLatest } from '../server/src/db/migrate';
import { seedNationalData } from '../server/src/db/seed/national';
import { NATIONAL_SCALE, nationalOrganizationId } from '../server/src/db/seed/national-data';

/** The national seed's database for the benches (bench:national, bench:overview, bench:load). */

/** The URL of database `name` on the server of `base`, created if it does not exist. */
export async function ensureDatabase(base: string, name: string, drop: boolean): Promise<string> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  if (drop) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The residences in the database and whether they are the national seed; null without its tables. */
async function seedState(
  db: ReturnType<typeof createDatabase>,
): Promise<{ residences: number; national: boolean } | null> {
  try {
    const largest = await db
      .selectFrom('organizations')
      .select('id')
      .where('id', '=', nationalOrganizationId(1))
      .executeTakeFirst();
    const [{ residences }] = (await db
      .selectFrom('residences')
      .select((eb) => eb.fn.countAll<number>().as('residences'))
      .execute()) as [{ residences: number }];
    return {
      residences: Number(residences),
      national: largest !== undefined && Number(residences) === NATIONAL_SCALE.residences,
    };
  } catch {
    return null;
  }
}

/**
 * Loads the national seed into the database at `url` unless it holds it already. With
 * `migrateReused: false` a database that holds it is left exactly as it is, not migrated: a
 * bench that works on a copy lets its servers migrate the copy, and a migration still being
 * written never reaches the seed that the other benches share.
 */
export async function loadNational(url: string, options: { migrateReused?: boolean } = {}): Promise<void> {
  const db = createDatabase(url);
  try {
    let state = options.migrateReused === false ? await seedState(db) : null;
    if (!state?.national) {
      await migrateToLatest(db);
      state = await seedState(db);
    }
    if (state?.national) {
      console.log(
        `Reusing the national seed in ${new URL(url).pathname.slice(1)} (BENCH_RELOAD=1 loads it again).`,
      );
      return;
    }
    const residences = state?.residences ?? 0;
    if (residences > 0) throw new Error(`${url} holds other data: give the bench an empty database.`);
    const started = Date.now();
    let last = started;
    await seedNationalData(db, {
      onProgress: (message) => {
        if (Date.now() - last > 15_000) {
          console.log(`  ${message} (${Math.round((Date.now() - started) / 1000)} s)`);
          last = Date.now();
        }
      },
    });
    console.log(`National seed loaded in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  } finally {
    await db.destroy();
  }
}
