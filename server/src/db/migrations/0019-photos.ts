import { sql, type Kysely } from 'kysely';

/**
 * Photos as evidence (docs/api.md "Extensions", docs/architecture.md "Photos"): a photo of a
 * residence, or of one question of one of its assessments. The bytes live in `photo_chunks`,
 * 256 KB a row, so that an upload is written and a download read a chunk at a time and never
 * held whole in memory. A photo is `complete` once every chunk is stored; an upload cut short
 * leaves none behind (the route deletes it, the pruning catches a process that died).
 * `(created_by, idempotency_key)` is the upload's Idempotency-Key: the same key twice stores
 * one photo.
 */
// Migrations take Kysely<any>: they describe the schema before the types know it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table photos (
      id uuid primary key,
      organization_id uuid not null references organizations(id),
      residence_id uuid not null references residences(id),
      assessment_id uuid references assessments(id),
      question_unique_id text,
      content_type text not null,
      size integer not null default 0,
      sha256 text,
      taken_at timestamptz,
      created_by uuid not null references users(id),
      idempotency_key text not null,
      complete boolean not null default false,
      created_at timestamptz not null default now(),
      constraint photos_idempotency_uq unique (created_by, idempotency_key),
      constraint photos_question_needs_assessment check (question_unique_id is null or assessment_id is not null)
    )`.execute(db);
  await sql`create index photos_residence_idx on photos (residence_id)`.execute(db);
  await sql`create index photos_assessment_idx on photos (assessment_id) where assessment_id is not null`.execute(
    db,
  );
  await sql`create index photos_incomplete_idx on photos (created_at) where not complete`.execute(db);
  await sql`create table photo_chunks (
      photo_id uuid not null references photos(id) on delete cascade,
      seq integer not null,
      data bytea not null,
      primary key (photo_id, seq)
    )`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table photo_chunks`.execute(db);
  await sql`drop table photos`.execute(db);
}
