import type { Transaction } from 'kysely';
import type { QuestionDef } from '../../../src/domain/catalogue';
import type { Database } from '../db/schema';
import { insertNewAssessment } from '../domain/create-assessment';
import { ItemFailure, ITEM_MESSAGES } from './errors';
import type { ItemOutcome, PendingItem } from './queue';

/**
 * Copies the source assessment to one residence inside the item's transaction: the same as
 * createnewassessment with a source (a new draft, the answers copied as preselected). The
 * source row is locked for share, so it cannot be abandoned halfway through the copy.
 */
export async function copyItem(
  trx: Transaction<Database>,
  item: PendingItem,
  job: { userId: string; sourceAssessmentId: string | null },
  questions: readonly QuestionDef[],
  now: Date,
): Promise<ItemOutcome> {
  const source = await trx
    .selectFrom('assessments')
    .select(['id', 'status', 'organization_id'])
    .where('id', '=', job.sourceAssessmentId!)
    .forShare()
    .executeTakeFirst();
  if (!source || source.status === 'cancelled') {
    throw new ItemFailure('SOURCE_NOT_FOUND', ITEM_MESSAGES.sourceGone);
  }
  const residence = await trx
    .selectFrom('residences')
    .select(['id', 'organization_id', 'is_converted'])
    .where('id', '=', item.propertyId)
    .executeTakeFirst();
  if (!residence || residence.organization_id !== source.organization_id) {
    throw new ItemFailure('PROPERTY_NOT_FOUND', ITEM_MESSAGES.propertyGone);
  }
  const id = await insertNewAssessment(trx, questions, {
    residence,
    sourceId: source.id,
    userId: job.userId,
    now,
  });
  return { status: 'done', resultId: id };
}
