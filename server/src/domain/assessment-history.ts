import { sql, type Kysely } from 'kysely';
import type { AssessmentHistory } from '../../../shared/contract/history';
import type { AuthUser } from '../auth/guard';
import type { AssessmentEventKind, Database } from '../db/schema';
import { findAssessment } from './access';
import { residenceLocation } from './residences';

/**
 * The history of an assessment (docs/domain.md 5.6): each change writes its event with `db`,
 * the transaction of the change, so a change and its event are kept or lost together. Answers are
 * counted per user and day inside `sync_answer_write` (migration 0017), which also records the
 * moment an assessment becomes calculated.
 */

/** Who made a change: a user, through a job or not. */
export interface Actor {
  userId: string;
  jobId?: string | null;
}

export interface NewEvent {
  assessmentId: string;
  kind: Exclude<AssessmentEventKind, 'answered'>;
  actor: Actor;
  at: Date;
  sourceAssessmentId?: string | null;
  validFrom?: Date | null;
}

export async function recordEvents(db: Kysely<Database>, events: readonly NewEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db
    .insertInto('assessment_events')
    .values(
      events.map((e) => ({
        assessment_id: e.assessmentId,
        kind: e.kind,
        actor_id: e.actor.userId,
        at: e.at,
        source_assessment_id: e.sourceAssessmentId ?? null,
        job_id: e.actor.jobId ?? null,
        valid_from: e.validFrom ?? null,
      })),
    )
    .execute();
}

/**
 * GET /api/v2/ext/assessmenthistory: the assessment (404/403 as findAssessment; a deleted one
 * too, so that its deletion can be read), who created, changed last and approved it, and its
 * events oldest first.
 */
export async function readHistory(
  db: Kysely<Database>,
  user: AuthUser,
  assessmentId: string,
): Promise<AssessmentHistory> {
  const assessment = await findAssessment(db, user, assessmentId, { includeCancelled: true });
  const events = await db
    .selectFrom('assessment_events as e')
    .leftJoin('users as u', 'u.id', 'e.actor_id')
    .leftJoin('assessments as s', 's.id', 'e.source_assessment_id')
    .leftJoin('residences as r', 'r.id', 's.residence_id')
    .select([
      'e.kind',
      'e.at',
      'u.display_name as by',
      'e.job_id',
      'e.count',
      sql<string | null>`to_char(e.day, 'YYYY-MM-DD')`.as('day'),
      'e.source_assessment_id',
      'e.valid_from',
      'r.street_name',
      'r.street_number',
      'r.floor_number',
      'r.door_code',
      'r.zip_code',
    ])
    .where('e.assessment_id', '=', assessment.id)
    .orderBy('e.at')
    .orderBy('e.id')
    .execute();
  const ids = [assessment.created_by, assessment.changed_by, assessment.approved_by].filter(
    (id): id is string => id !== null,
  );
  const names = new Map(
    ids.length === 0
      ? []
      : (await db.selectFrom('users').select(['id', 'display_name']).where('id', 'in', ids).execute()).map(
          (u) => [u.id, u.display_name],
        ),
  );
  const nameOf = (id: string | null) => (id === null ? null : (names.get(id) ?? null));
  return {
    assessmentId: assessment.id,
    createdBy: nameOf(assessment.created_by),
    changedBy: nameOf(assessment.changed_by),
    approvedBy: nameOf(assessment.approved_by),
    events: events.map((e) => ({
      kind: e.kind,
      at: new Date(e.at).toISOString(),
      by: e.by,
      byJob: e.job_id !== null,
      count: e.count,
      day: e.day,
      sourceAssessmentId: e.source_assessment_id,
      sourceAddress:
        e.street_name === null
          ? null
          : residenceLocation({
              streetName: e.street_name,
              streetNumber: e.street_number ?? '',
              floorNumber: e.floor_number,
              doorCode: e.door_code,
              zipCode: e.zip_code ?? '',
            }),
      validFrom: e.valid_from === null ? null : new Date(e.valid_from).toISOString(),
    })),
  };
}
