import type { Kysely } from 'kysely';
import { assertMember, type AuthUser } from '../auth/guard';
import { chunks } from '../db/chunks';
import type { Database } from '../db/schema';
import { HttpError, notFound } from '../errors';
import { recordEvents, type Actor } from './assessment-history';

/**
 * Abandoning (docs/domain.md 2.2): any status but approved becomes cancelled, after which every
 * endpoint treats the assessment as gone. One rule for abandonassessment, abandonassessments
 * and the copy job's overwrite (docs/domain.md 5.3: overwriting abandons what is not approved).
 */

export const approvedConflict = (assessmentId?: string) =>
  new HttpError(
    409,
    assessmentId
      ? `Assessment ${assessmentId} is approved and cannot be abandoned`
      : 'An approved assessment cannot be abandoned',
    'ASSESSMENT_APPROVED',
  );

/**
 * Makes the assessments cancelled, with `db` (the caller's transaction where it has one), and
 * writes each its history event: deleted by the user, or replaced by the copy job that overwrote
 * it (docs/domain.md 5.6). An approved one is never touched, also when it was approved after the
 * caller read it. Answers how many rows changed.
 */
export async function cancelAssessments(
  db: Kysely<Database>,
  ids: readonly string[],
  now: Date,
  actor: Actor,
): Promise<number> {
  if (ids.length === 0) return 0;
  const cancelled = await db
    .updateTable('assessments')
    .set({ status: 'cancelled', updated_at: now, changed_by: actor.userId })
    .where('id', 'in', ids)
    .where('status', '!=', 'approved')
    .returning('id')
    .execute();
  await recordEvents(
    db,
    cancelled.map(({ id }) => ({
      assessmentId: id,
      kind: actor.jobId ? 'replaced' : 'deleted',
      actor,
      at: now,
    })),
  );
  return cancelled.length;
}

/** One assessment to abandon, with the residence it must be on (ids lower-cased). */
export interface AbandonTarget {
  assessmentId: string;
  propertyId: string;
}

/**
 * abandonassessments: every listed assessment cancelled, or none. In one transaction with the
 * rows locked, so that no approval slips in between check and write: 403 for another
 * organization's (before anything about the rest), 404 for an unknown one or one not on its
 * residence, 409 when one is approved. Answers how many assessments were listed.
 */
export async function abandonAssessments(
  db: Kysely<Database>,
  user: AuthUser,
  pairs: readonly AbandonTarget[],
): Promise<number> {
  // Sorted, so that two lists lock their common rows in the same order (no deadlock).
  const ids = [...new Set(pairs.map((p) => p.assessmentId))].sort();
  return db.transaction().execute(async (trx) => {
    const rows = new Map<string, { residence_id: string; organization_id: string; status: string }>();
    for (const chunk of chunks(ids)) {
      const found = await trx
        .selectFrom('assessments')
        .select(['id', 'residence_id', 'organization_id', 'status'])
        .where('id', 'in', chunk)
        .orderBy('id')
        // Locked until the commit, so that no approval slips in between check and write.
        .forUpdate()
        .execute();
      for (const row of found) rows.set(row.id, row);
    }
    // Another organization's id first: 403 before anything about the rest, without its data.
    for (const organizationId of new Set([...rows.values()].map((r) => r.organization_id))) {
      assertMember(user, organizationId);
    }
    for (const pair of pairs) {
      const row = rows.get(pair.assessmentId);
      if (!row) throw notFound(`Assessment ${pair.assessmentId} not found`);
      if (row.residence_id !== pair.propertyId) {
        throw notFound(`Assessment ${pair.assessmentId} not found on this property`);
      }
    }
    const approved = [...rows].find(([, r]) => r.status === 'approved');
    if (approved) throw approvedConflict(approved[0]);
    const open = [...rows].filter(([, r]) => r.status !== 'cancelled').map(([id]) => id);
    await cancelAssessments(trx, open, new Date(), { userId: user.id });
    // Every listed assessment is cancelled now, including those that were already.
    return ids.length;
  });
}
