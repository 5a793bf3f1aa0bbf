import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { QuestionDef } from '../../../shared/rules/catalogue';
import type { AnswerValue } from '../../../shared/rules/screening';
import type { AuthUser } from '../auth/guard';
import type { Database } from '../db/schema';
import { forbidden, HttpError } from '../errors';
import { findAssessment, findResidence } from './access';
import { recordEvents } from './assessment-history';
import { deriveAssessmentState, toAssessmentColumns } from './assessment-state';
import { loadAnswers, loadQuestions } from './catalogue';

export interface NewAssessment {
  /** The target residence (access already checked by the caller). */
  residence: { id: string; organization_id: string; is_converted: boolean };
  /** An assessment of the same organization whose answers are copied, or null. */
  sourceId: string | null;
  userId: string;
  now: Date;
  /**
   * The id the client chose (an assessment started offline, docs/api.md "createnewassessment");
   * a new random one when absent.
   */
  id?: string;
  /** The source's answers as the caller read them in this transaction (read here when absent). */
  sourceAnswers?: ReadonlyMap<string, AnswerValue>;
  /** The copy job that creates it (its history says so, docs/domain.md 5.6). */
  jobId?: string;
  /** The source is the residence's approved assessment, unlocked (docs/domain.md 5.4). */
  unlock?: boolean;
}

/** What insertNewAssessment did: the id, and whether the row is new (false: the id existed). */
export interface InsertedAssessment {
  id: string;
  created: boolean;
}

/**
 * A new draft for the residence, written with `db` (the caller's transaction: createnewassessment
 * opens one, a copy job's item shares its own). With a source its answers are copied as
 * preselected (docs/product.md 4: copied answers must be confirmed), and the screening fields
 * and isCalculated are derived from them. `converted` follows the residence: converted
 * residences skip screening. Answers the id, and whether it was inserted now.
 */
export async function insertNewAssessment(
  db: Kysely<Database>,
  questions: readonly QuestionDef[],
  { residence, sourceId, userId, now, id = randomUUID(), sourceAnswers, jobId, unlock }: NewAssessment,
): Promise<InsertedAssessment> {
  const answers: ReadonlyMap<string, AnswerValue> = sourceId
    ? (sourceAnswers ?? (await loadAnswers(db, [sourceId])).get(sourceId)!)
    : new Map();
  const inserted = await db
    .insertInto('assessments')
    .values({
      id,
      organization_id: residence.organization_id,
      residence_id: residence.id,
      status: 'draft',
      converted: residence.is_converted,
      ...toAssessmentColumns(deriveAssessmentState(questions, answers, residence.is_converted)),
      valid_from: null,
      future_approved_date: null,
      source_assessment_id: sourceId,
      last_answered_question_unique_id: null,
      created_by: userId,
      changed_by: userId,
      created_at: now,
      updated_at: now,
    })
    // An id taken already (the same create sent again) inserts nothing; the caller decides.
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return { id, created: false };
  await recordEvents(db, [
    {
      assessmentId: id,
      kind: sourceId === null ? 'created' : unlock ? 'unlocked' : 'copied',
      actor: { userId, jobId },
      at: now,
      sourceAssessmentId: sourceId,
    },
  ]);
  if (sourceId) {
    // Copied as they were given (who answered, and when), marked preselected.
    await db
      .insertInto('answers')
      .columns([
        'assessment_id',
        'question_unique_id',
        'values',
        'numeric_value',
        'comment',
        'preselected',
        'answered_by',
        'answered_at',
      ])
      .expression((eb) =>
        eb
          .selectFrom('answers')
          .select([
            sql<string>`${id}::uuid`.as('assessment_id'),
            'question_unique_id',
            'values',
            'numeric_value',
            'comment',
            sql<boolean>`true`.as('preselected'),
            'answered_by',
            'answered_at',
          ])
          .where('assessment_id', '=', sourceId),
      )
      .execute();
  }
  return { id, created: true };
}

/** What createnewassessment asks for (docs/api.md "createnewassessment"). */
export interface CreateAssessmentCommand {
  propertyId: string;
  /** The assessment whose answers are copied, or null. */
  sourceId: string | null;
  /** The id the client chose, lower-cased; undefined for a new random one. */
  clientId: string | undefined;
}

/**
 * A new draft for the residence, optionally a copy of a source assessment of the same
 * organization (insertNewAssessment, shared with the copy jobs). With `clientId` the
 * draft gets that id, once: a create sent again from the outbox (its reply lost) finds its
 * assessment and answers the same id; an id that is another residence's is a 409, and says
 * nothing about that assessment (docs/api.md "createnewassessment").
 */
export async function createAssessment(
  db: Kysely<Database>,
  user: AuthUser,
  { propertyId, sourceId, clientId }: CreateAssessmentCommand,
): Promise<string> {
  const residence = await findResidence(db, user, propertyId);
  const source = sourceId ? await findAssessment(db, user, sourceId) : null;
  if (source && source.organization_id !== residence.organization_id) {
    throw forbidden('The source assessment belongs to another organization');
  }
  const questions = await loadQuestions(db);
  return db.transaction().execute(async (trx) => {
    const { id, created } = await insertNewAssessment(trx, questions, {
      residence,
      sourceId: source?.id ?? null,
      userId: user.id,
      now: new Date(),
      id: clientId,
      // Unlocking is a create from the residence's approved assessment (docs/domain.md 5.4).
      unlock: source?.residence_id === residence.id && source.status === 'approved',
    });
    if (created) return id;
    const existing = await trx
      .selectFrom('assessments')
      .select('residence_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    if (existing.residence_id !== residence.id) throw assessmentIdTaken();
    return id;
  });
}

const assessmentIdTaken = () =>
  new HttpError(409, 'This assessment id belongs to another residence', 'ASSESSMENT_ID_TAKEN');
