import { sql, type Transaction } from 'kysely';
import type { QuestionDef } from '../../../shared/rules/catalogue';
import type { AnswerValue } from '../../../shared/rules/screening';
import type { Database } from '../db/schema';
import { cancelAssessments } from '../domain/abandon';
import { loadAnswers } from '../domain/catalogue';
import { insertNewAssessment } from '../domain/create-assessment';
import { ItemFailure, ITEM_MESSAGES } from './errors';
import type { ItemOutcome, PendingItem } from './queue';

/**
 * Copies the source assessment to one residence inside the item's transaction: the same as
 * createnewassessment with a source (a new draft, the answers copied as preselected). The
 * source row is locked for share, so it cannot be abandoned halfway through the copy.
 *
 * The copy overwrites (docs/domain.md 5.3, docs/api.md "copyassessments"): the residence's
 * draft (calculated included) and rejected assessments are abandoned first, as
 * abandonassessment does; approved ones, also those approved from a future date, stay valid
 * until the copy is approved. A residence with a ready assessment is never overwritten. The
 * residence and its assessments are locked first, so that no answer, approval or other copy
 * slips in between the check and the write.
 */
export async function copyItem(
  trx: Transaction<Database>,
  item: PendingItem,
  job: { id: string; userId: string; sourceAssessmentId: string | null },
  context: { questions: readonly QuestionDef[]; sourceAnswers: SourceAnswers; now: Date },
): Promise<ItemOutcome> {
  const { questions, now } = context;
  const source = await trx
    .selectFrom('assessments')
    .select(['id', 'status', 'organization_id', sql<string>`xmin::text`.as('version')])
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
    .forUpdate()
    .executeTakeFirst();
  if (!residence || residence.organization_id !== source.organization_id) {
    throw new ItemFailure('PROPERTY_NOT_FOUND', ITEM_MESSAGES.propertyGone);
  }
  const existing = await trx
    .selectFrom('assessments')
    .select(['id', 'status'])
    .where('residence_id', '=', residence.id)
    .where('status', '!=', 'cancelled')
    .orderBy('id')
    .forUpdate()
    .execute();
  if (existing.some((a) => a.status === 'ready')) {
    throw new ItemFailure('TARGET_READY', ITEM_MESSAGES.targetReady);
  }
  await cancelAssessments(
    trx,
    existing.filter((a) => a.status === 'draft' || a.status === 'rejected').map((a) => a.id),
    now,
    { userId: job.userId, jobId: job.id },
  );
  const { id } = await insertNewAssessment(trx, questions, {
    residence,
    sourceId: source.id,
    userId: job.userId,
    jobId: job.id,
    now,
    sourceAnswers: await context.sourceAnswers.of(trx, source),
  });
  return { status: 'done', resultId: id };
}

/**
 * The answers of a copy's source, read once per version of its row instead of once per item:
 * every item of a copy job copies the same source (2,000 reads of the same answers for a
 * department). Every write of an assessment's answers also writes its row in the same
 * transaction (server/src/domain/answers.ts), so an unchanged row version (`xmin`, read with the
 * source's share lock) means unchanged answers. One per worker.
 */
export class SourceAnswers {
  #held: { id: string; version: string; answers: ReadonlyMap<string, AnswerValue> } | null = null;

  async of(
    trx: Transaction<Database>,
    source: { id: string; version: string },
  ): Promise<ReadonlyMap<string, AnswerValue>> {
    if (this.#held?.id !== source.id || this.#held.version !== source.version) {
      const answers = (await loadAnswers(trx, [source.id])).get(source.id)!;
      this.#held = { id: source.id, version: source.version, answers };
    }
    return this.#held.answers;
  }
}
