import { sql, type Transaction } from 'kysely';
import type { Database } from '../schema';

/**
 * What the seed's assessments imply about who did what (docs/domain.md 5.6), as migration 0017
 * gives the rows that existed before it: changed by their creator, approved by their creator
 * when approved, and a created event (copied, or unlocked when the source is the same
 * residence's), plus an approved one. Run once, after the seed's assessments are in.
 */
export async function seedHistory(trx: Transaction<Database>): Promise<void> {
  await sql`update assessments
    set changed_by = created_by,
        approved_by = case when status = 'approved' then created_by end`.execute(trx);
  await sql`insert into assessment_events (assessment_id, kind, actor_id, at, source_assessment_id)
    select a.id,
           case when a.source_assessment_id is null then 'created'
                when s.residence_id = a.residence_id then 'unlocked'
                else 'copied' end,
           a.created_by, a.created_at, a.source_assessment_id
      from assessments a left join assessments s on s.id = a.source_assessment_id`.execute(trx);
  await sql`insert into assessment_events (assessment_id, kind, actor_id, at, valid_from)
    select id, 'approved', created_by, updated_at, valid_from
      from assessments where status = 'approved'`.execute(trx);
}
