import { sql, type Kysely } from 'kysely';
import { createSyncAnswerWrite as createSyncAnswerWrite0009 } from './0009-lean-answer-writes';

/**
 * An answer's `answered_at` becomes the time it was given, as the device that gave it says
 * (syncanswer's `answeredAt`, never later than the server's clock), rather than the time it
 * reached the server: an answer that waited offline for days must not overwrite one given
 * after it on another device, and the server can only tell which came first by when each was
 * given (docs/api.md "syncanswer", "An older answer"). The assessment's `updated_at` stays the
 * server's time of the write.
 *
 * `sync_answer_write` (0009) therefore takes the answer's time apart from the write's time;
 * otherwise it is the same function.
 */
// Migrations take Kysely<any>: they describe the schema before the types know it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop function sync_answer_write`.execute(db);
  await createSyncAnswerWrite(db);
}

/** This migration's `sync_answer_write`; 0017's `down` brings it back. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function createSyncAnswerWrite(db: Kysely<any>): Promise<void> {
  await sql`
    create function sync_answer_write(
      p_assessment uuid,
      p_version text,
      p_screening_completed boolean,
      p_excluded_handicaps text[],
      p_handicaps_for_evaluation text[],
      p_is_calculated boolean,
      p_question text,
      p_now timestamptz,
      p_answered_at timestamptz,
      p_keep boolean,
      p_values text[],
      p_numeric_value double precision,
      p_comment text,
      p_preselected boolean,
      p_user uuid,
      p_key text,
      p_request_hash text
    ) returns text
    language plpgsql volatile as $$
    declare
      new_version text;
    begin
      update assessments
         set screening_completed = p_screening_completed,
             excluded_handicaps = p_excluded_handicaps,
             handicaps_for_evaluation = p_handicaps_for_evaluation,
             is_calculated = p_is_calculated,
             last_answered_question_unique_id = p_question,
             updated_at = p_now
       where id = p_assessment and xmin::text = p_version
      returning xmin::text into new_version;
      if new_version is null then
        return null;
      end if;
      if p_keep then
        insert into answers (assessment_id, question_unique_id, values, numeric_value, comment,
                             preselected, answered_by, answered_at)
        values (p_assessment, p_question, p_values, p_numeric_value, p_comment, p_preselected,
                p_user, p_answered_at)
        on conflict (assessment_id, question_unique_id) do update
           set values = excluded.values, numeric_value = excluded.numeric_value,
               comment = excluded.comment, preselected = excluded.preselected,
               answered_by = excluded.answered_by, answered_at = excluded.answered_at;
      else
        delete from answers where assessment_id = p_assessment and question_unique_id = p_question;
      end if;
      if p_key is not null then
        insert into sync_requests (user_id, idempotency_key, request_hash)
        values (p_user, p_key, p_request_hash)
        on conflict (user_id, idempotency_key) do nothing;
        if not found then
          perform idempotency_key_reused();
        end if;
      end if;
      return new_version;
    end $$`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function sync_answer_write`.execute(db);
  await createSyncAnswerWrite0009(db);
}
