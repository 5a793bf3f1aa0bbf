import { sql, type Transaction } from 'kysely';
import type { Database } from '../schema';

/**
 * What the seed's assessments imply about who did what (docs/domain.md 5.6), as migration 0017
 * gives the rows that existed before it: changed by their creator, approved by their creator when
 * approved, and a created (or copied) event, plus an approved one. Run once, after the seed's
 * assessments are in.
 */
export async function seedHistory(trx: Transaction<Database>): Promise<void> {
  await sql`update assessments
    set changed_by = created_by,
        approved_by = case when status = 'approved' then created_by end`.execute(trx);
  await sql`insert into assessment_events (assessment_id, kind, actor_id, at, source_assessment_id)
    select id, case when source_assessment_id is null then 'created' else 'copied' end,
           created_by, created_at, source_assessment_id
      from assessments`.execute(trx);
  await sql`insert into assessment_events (assessment_id, kind, actor_id, at, valid_from)
    select id, 'approved', created_by, updated_at, valid_from
      from assessments where status = 'approved'`.execute(trx);
}
