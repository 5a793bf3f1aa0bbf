import type { Kysely } from 'kysely';
import type { AuthUser } from '../auth/guard';
import { chunks } from '../db/chunks';
import type { Database } from '../db/schema';
import { residencesWithReady, targetIsSource, targetReadyConflict } from '../domain/copy-targets';
import { forbidden, notFound } from '../errors';
import { assertAllMember } from './request-checks';

/**
 * copyassessments before anything is queued (docs/api.md "copyassessments"): every target
 * residence exists (404), is of the user's organizations (403 before anything about the rest)
 * and of the source's (403), and may receive the copy. docs/product.md 4 "Bulk mode": a copy
 * overwrites its targets, so the source's own residence (400) and residences with a ready
 * assessment (409) cannot be targets (domain/copy-targets.ts).
 */
export async function assertCopyTargets(
  db: Kysely<Database>,
  user: AuthUser,
  source: { residence_id: string; organization_id: string },
  propertyIds: readonly string[],
): Promise<void> {
  const residences = new Map<string, string>();
  for (const ids of chunks(propertyIds)) {
    const found = await db
      .selectFrom('residences')
      .select(['id', 'organization_id'])
      .where('id', 'in', ids)
      .execute();
    for (const row of found) residences.set(row.id, row.organization_id);
  }
  assertAllMember(user, [...residences.values()]);
  for (const id of propertyIds) {
    const organizationId = residences.get(id);
    if (organizationId === undefined) throw notFound(`Property ${id} not found`);
    if (organizationId !== source.organization_id) {
      throw forbidden('The source assessment belongs to another organization');
    }
  }
  if (propertyIds.includes(source.residence_id)) throw targetIsSource();
  const ready = await residencesWithReady(db, propertyIds);
  if (ready.length > 0) throw targetReadyConflict(ready);
}
