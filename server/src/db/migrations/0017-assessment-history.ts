import { sql, type Kysely } from 'kysely';
import { createSyncAnswerWrite as createSyncAnswerWrite0011 } from './0011-answer-given-at';

/**
 * Who did what to an assessment (docs/api.md "Extensions", docs/domain.md 5.6):
 * - `assessments.changed_by` (who changed it last) and `approved_by` beside `created_by`;
 * - `assessment_events`, the history: created, copied from a source, unlocked, answered (one row
 *   per assessment, user and Copenhagen day the answers were given, with a count, never a row per
 *   answer), calculated, approved (now or from a date), deleted, and replaced by a copy job. Each
 *   is written in the transaction of the change it records.
 *
 * Rows that exist already get what their columns imply: changed by their creator (the seed's
 * user), approved by their creator when approved, and a created event (copied, or unlocked when
 * the source is the same residence's), plus an approved one. Their answers before this migration
 * are not counted: the history of answering starts here. The values are literal SQL, so that a later change of the app's code does not
 * change what this migration does.
 *
 * `sync_answer_write` (0011) also sets `changed_by`, counts the answer on the day's answered
 * event and records the moment the assessment becomes calculated; otherwise it is the same.
 */
// Migrations take Kysely<any>: they describe the schema before the types know it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table assessments
    add column changed_by uuid references users(id),
    add column approved_by uuid references users(id)`.execute(db);
  await sql`create table assessment_events (
      id bigint generated always as identity primary key,
      assessment_id uuid not null references assessments(id),
      kind text not null check (kind in
        ('created', 'copied', 'unlocked', 'answered', 'calculated', 'approved', 'deleted', 'replaced')),
      actor_id uuid references users(id),
      at timestamptz not null,
      day date,
      count integer,
      source_assessment_id uuid,
      job_id uuid,
      valid_from timestamptz
    )`.execute(db);
  await sql`create index assessment_events_assessment_idx on assessment_events (assessment_id, at)`.execute(
    db,
  );
  await sql`create unique index assessment_events_answered_day_idx
    on assessment_events (assessment_id, actor_id, day) where kind = 'answered'`.execute(db);

  await sql`update assessments
    set changed_by = created_by,
        approved_by = case when status = 'approved' then created_by end`.execute(db);
  await sql`insert into assessment_events (assessment_id, kind, actor_id, at, source_assessment_id)
    select a.id,
           case when a.source_assessment_id is null then 'created'
                when s.residence_id = a.residence_id then 'unlocked'
                else 'copied' end,
           a.created_by, a.created_at, a.source_assessment_id
      from assessments a left join assessments s on s.id = a.source_assessment_id`.execute(db);
  await sql`insert into assessment_events (assessment_id, kind, actor_id, at, valid_from)
    select id, 'approved', created_by, updated_at, valid_from
      from assessments where status = 'approved'`.execute(db);

  await sql`drop function sync_answer_write`.execute(db);
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
      was_calculated boolean;
    begin
      update assessments a
         set screening_completed = p_screening_completed,
             excluded_handicaps = p_excluded_handicaps,
             handicaps_for_evaluation = p_handicaps_for_evaluation,
             is_calculated = p_is_calculated,
             last_answered_question_unique_id = p_question,
             updated_at = p_now,
             changed_by = p_user
        from (select is_calculated from assessments where id = p_assessment) before
       where a.id = p_assessment and a.xmin::text = p_version
      returning a.xmin::text, before.is_calculated into new_version, was_calculated;
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
      -- Counted on the day it was given (an answer that waited offline counts on its own day).
      insert into assessment_events (assessment_id, kind, actor_id, at, day, count)
      values (p_assessment, 'answered', p_user, p_answered_at,
              (p_answered_at at time zone 'Europe/Copenhagen')::date, 1)
      on conflict (assessment_id, actor_id, day) where kind = 'answered'
      do update set count = assessment_events.count + 1,
                    at = greatest(assessment_events.at, excluded.at);
      if p_is_calculated and not was_calculated then
        insert into assessment_events (assessment_id, kind, actor_id, at)
        values (p_assessment, 'calculated', p_user, p_now);
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
  await createSyncAnswerWrite0011(db);
  await sql`drop table assessment_events`.execute(db);
  await sql`alter table assessments drop column changed_by, drop column approved_by`.execute(db);
}
