import { sql, type Kysely } from 'kysely';

/**
 * The syncanswer response is stored as the brotli bytes that were sent (docs/performance.md
 * "The API under load"). Every answer stored its whole question list, some 48 KB of text, and
 * writing it was the largest single cost of the request; the 7 KB the client received are the
 * same response. `response` stays for the rows stored before (read as they are); new rows
 * fill `response_br` only. Storage `external`: the bytes are compressed already, so the
 * database does not try again.
 *
 * `idempotency_key_reused()` lets the single write statement of syncanswer refuse a key that
 * another request took in the meantime as a whole: an error aborts the statement, and with it
 * the answer it wrote (domain/answers.ts).
 */
// Migrations take Kysely<any>: they describe the schema before the types know it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table sync_requests add column response_br bytea`.execute(db);
  await sql`alter table sync_requests alter column response_br set storage external`.execute(db);
  await sql`
    create function idempotency_key_reused() returns integer
    language plpgsql volatile as $$
    begin
      raise exception 'This Idempotency-Key was already used for a different request'
        using errcode = 'BT409';
    end $$`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function idempotency_key_reused()`.execute(db);
  await sql`alter table sync_requests drop column response_br`.execute(db);
}
