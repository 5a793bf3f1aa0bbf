import { sql, type Kysely } from 'kysely';

/**
 * `sync_requests` keeps only what a repeated Idempotency-Key needs: which request it was (the
 * hash). A repeat with the same body is answered with the assessment's current question list
 * instead of the stored one (docs/api.md "syncanswer"): what a client that lost the reply
 * needs is the list as it is now, and storing the list (48 KB of text, 7 KB compressed) was
 * the largest part of writing an answer, more so on PGlite, where the bytes go through its
 * JavaScript protocol code as a parameter (docs/performance.md "The API under load").
 *
 * The stored responses of older rows are dropped with their columns; their keys and hashes
 * stay, so such a key is still never applied again. The index on `created_at` served only
 * the pruning of old responses, which has nothing left to prune; dropping it saves a write
 * per answer.
 *
 * `sync_answer_write` is the write of one answer (domain/answers.ts `writeAnswer`), the same
 * steps as the single statement it replaces: the assessment's derived fields only while the
 * row is still the version that was read (`xmin`, else nothing happens and it answers null),
 * then the answer (upserted, or removed when `p_keep` is false) and the key with its hash;
 * a key another request took aborts it, answer and all (idempotency_key_reused(), 0007). It
 * answers the row's new version. As a function its statements are planned once per
 * connection instead of once per answer: planning the statement was most of the write's
 * cost, on PGlite most of the request's.
 */
// Migrations take Kysely<any>: they describe the schema before the types know it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists sync_requests_user_created_idx`.execute(db);
  await sql`alter table sync_requests drop column response, drop column response_br`.execute(db);
  await createSyncAnswerWrite(db);
}

/** This migration's `sync_answer_write`; 0011's `down` brings it back. */
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
                p_user, p_now)
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
  // The columns come back empty: a repeated key then answers the current list, as past the
  // retention of 0002.
  await sql`alter table sync_requests add column response text, add column response_br bytea`.execute(db);
  await sql`alter table sync_requests alter column response_br set storage external`.execute(db);
  await sql`create index sync_requests_user_created_idx on sync_requests (user_id, created_at)`.execute(db);
}
