import type { Transaction } from 'kysely';
import type { QuestionDef } from '../../../shared/rules/catalogue';
import type { Database } from '../db/schema';
import { recordEvents } from '../domain/assessment-history';
import { keepLevels } from '../domain/overview-levels';
import { copenhagenDate, copenhagenMidnight } from './dates';
import { ItemFailure, ITEM_MESSAGES } from './errors';
import type { ItemOutcome, PendingItem } from './queue';

/**
 * Approves one assessment inside the item's transaction. The assessment row is locked first
 * (as syncanswer locks it), so an answer and an approval never interleave. Only a draft or
 * rejected assessment with every required answer (isCalculated) is approved: from a date
 * today or earlier it is plainly approved; from a later date it is approved with
 * future_approved_date, and reads show it as approved from that date (docs/architecture.md 3).
 * Its levels are kept as it is approved, for the overview (domain/overview-levels.ts).
 */
export async function finishItem(
  trx: Transaction<Database>,
  item: PendingItem,
  job: { id: string; userId: string },
  now: Date,
  questions: readonly QuestionDef[],
): Promise<ItemOutcome> {
  const assessment = await trx
    .selectFrom('assessments')
    .select(['id', 'status', 'is_calculated'])
    .where('id', '=', item.assessmentId!)
    .forUpdate()
    .executeTakeFirst();
  if (!assessment || assessment.status === 'cancelled') {
    throw new ItemFailure('ASSESSMENT_NOT_FOUND', ITEM_MESSAGES.assessmentGone);
  }
  if (assessment.status === 'approved') {
    throw new ItemFailure('ASSESSMENT_APPROVED', ITEM_MESSAGES.alreadyApproved);
  }
  if (assessment.status !== 'draft' && assessment.status !== 'rejected') {
    throw new ItemFailure('ASSESSMENT_NOT_APPROVABLE', ITEM_MESSAGES.notApprovable);
  }
  if (!assessment.is_calculated) {
    throw new ItemFailure('ASSESSMENT_NOT_CALCULATED', ITEM_MESSAGES.notCalculated);
  }
  const validFrom = item.validFrom!;
  const from = copenhagenMidnight(validFrom);
  const isFuture = validFrom > copenhagenDate(now);
  await trx
    .updateTable('assessments')
    .set({
      status: 'approved',
      valid_from: from,
      future_approved_date: isFuture ? from : null,
      updated_at: now,
      changed_by: job.userId,
      approved_by: job.userId,
    })
    .where('id', '=', assessment.id)
    .execute();
  await keepLevels(trx, questions, assessment.id);
  await recordEvents(trx, [
    {
      assessmentId: assessment.id,
      kind: 'approved',
      actor: { userId: job.userId, jobId: job.id },
      at: now,
      validFrom: from,
    },
  ]);
  return { status: 'done', resultId: assessment.id };
}
