import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as m0001 from './migrations/0001-initial';
import * as m0002 from './migrations/0002-sync-requests';
import * as m0003 from './migrations/0003-job-queue';
import * as m0004 from './migrations/0004-search-indexes';
import * as m0005 from './migrations/0005-list-versions-and-stored-responses';
import * as m0006 from './migrations/0006-address-order';
import * as m0007 from './migrations/0007-compressed-sync-responses';
import * as m0008 from './migrations/0008-list-version-on-shown-fields';
import * as m0009 from './migrations/0009-lean-answer-writes';
import * as m0010 from './migrations/0010-idempotency-key-pruning';
import * as m0011 from './migrations/0011-answer-given-at';
import * as m0012 from './migrations/0012-sessions';
import * as m0013 from './migrations/0013-organization-follows-department';
import * as m0014 from './migrations/0014-finished-jobs-index';
import * as m0015 from './migrations/0015-fair-and-cancellable-jobs';
import * as m0016 from './migrations/0016-help-images';
import * as m0017 from './migrations/0017-assessment-history';
import * as m0018 from './migrations/0018-assessment-levels';
import * as m0019 from './migrations/0019-photos';
import * as m0020 from './migrations/0020-search-key-versions';
import * as m0021 from './migrations/0021-list-version-notices';
import * as m0022 from './migrations/0022-search-version-notices';
import type { Database } from './schema';

/**
 * Versioned migrations, applied in name order. Listed here rather than read from disk so
 * that they work the same under tsx, in tests and in a bundled server.
 */
const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': m0001,
  '0002-sync-requests': m0002,
  '0003-job-queue': m0003,
  '0004-search-indexes': m0004,
  '0005-list-versions-and-stored-responses': m0005,
  '0006-address-order': m0006,
  '0007-compressed-sync-responses': m0007,
  '0008-list-version-on-shown-fields': m0008,
  '0009-lean-answer-writes': m0009,
  '0010-idempotency-key-pruning': m0010,
  '0011-answer-given-at': m0011,
  '0012-sessions': m0012,
  '0013-organization-follows-department': m0013,
  '0014-finished-jobs-index': m0014,
  '0015-fair-and-cancellable-jobs': m0015,
  '0016-help-images': m0016,
  '0017-assessment-history': m0017,
  '0018-assessment-levels': m0018,
  '0019-photos': m0019,
  '0020-search-key-versions': m0020,
  '0021-list-version-notices': m0021,
  '0022-search-version-notices': m0022,
};

const provider: MigrationProvider = {
  getMigrations: () => Promise.resolve(MIGRATIONS),
};

/** A migrator over the migrations above (tests step through them with `migrateTo`). */
export const createMigrator = (db: Kysely<Database>) => new Migrator({ db, provider });

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = createMigrator(db);
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/** Migrations this code knows that the database has not applied (readiness, routes/health.ts). */
export async function pendingMigrations(db: Kysely<Database>): Promise<string[]> {
  const migrations = await createMigrator(db).getMigrations();
  return migrations.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
