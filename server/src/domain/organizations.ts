import type { Kysely } from 'kysely';
import type { Organization } from '../../../shared/contract/organizations';
import type { Database } from '../db/schema';

/** The organizations with these ids, by name (getorganizations: the user's own). */
export async function organizationsByName(
  db: Kysely<Database>,
  organizationIds: readonly string[],
): Promise<Organization[]> {
  if (organizationIds.length === 0) return [];
  return db
    .selectFrom('organizations')
    .select(['id', 'name'])
    .where('id', 'in', organizationIds)
    .orderBy('name')
    .execute();
}
