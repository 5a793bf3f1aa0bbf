import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { HttpError } from '../errors';

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
 * Makes the assessments cancelled, with `db` (the caller's transaction where it has one). An
 * approved one is never touched, also when it was approved after the caller read it. Answers
 * how many rows changed.
 */
export async function cancelAssessments(
  db: Kysely<Database>,
  ids: readonly string[],
  now: Date,
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('assessments')
    .set({ status: 'cancelled', updated_at: now })
    .where('id', 'in', ids)
    .where('status', '!=', 'approved')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
