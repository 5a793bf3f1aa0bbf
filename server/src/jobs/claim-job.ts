import { sql, type Kysely } from 'kysely';
import type { Database, JobKind } from '../db/schema';

/**
 * Claiming a job by fair turns (docs/architecture.md 4 "Jobs"): the organization, then the user,
 * whose jobs had their turn longest ago; and whether anyone else is waiting for one.
 */

export interface ClaimedJob {
  id: string;
  kind: JobKind;
  userId: string;
  organizationId: string;
  isFake: boolean;
  sourceAssessmentId: string | null;
  maxCount: number;
  attempts: number;
}

/** The last turn of the job's organization, and of its user there: the claim's order. */
const organizationTurn = sql`(select max(t.last_turn_at) from jobs t where t.organization_id = j.organization_id)`;
const userTurn = sql`(select max(t.last_turn_at) from jobs t
  where t.organization_id = j.organization_id and t.user_id = j.user_id)`;

/**
 * Claims an unfinished job that is due and not leased (or whose lease has run out) for `owner`
 * until now + leaseMs, and marks its turn. Round-robin: the organization whose last turn is
 * oldest (never is oldest) goes first, then its user likewise, then that user's oldest job.
 * Several workers on one PostgreSQL never claim the same job at once: the row is locked with
 * SKIP LOCKED while it is taken.
 */
export async function claimJob(
  db: Kysely<Database>,
  owner: string,
  now: Date,
  leaseMs: number,
): Promise<ClaimedJob | undefined> {
  const row = await db
    .updateTable('jobs')
    .set((eb) => ({
      status: 'running',
      lease_owner: owner,
      locked_until: new Date(now.getTime() + leaseMs),
      attempts: eb('attempts', '+', 1),
      last_turn_at: now,
      updated_at: now,
    }))
    .where('id', '=', (eb) =>
      eb
        .selectFrom('jobs as j')
        .select('j.id')
        .where('j.status', 'in', ['queued', 'running'])
        .where('j.run_after', '<=', now)
        .where((w) => w.or([w('j.locked_until', 'is', null), w('j.locked_until', '<', now)]))
        .orderBy(sql`${organizationTurn} nulls first`)
        .orderBy(sql`${userTurn} nulls first`)
        .orderBy('j.run_after')
        .orderBy('j.created_at')
        .limit(1)
        .forUpdate()
        .skipLocked(),
    )
    .returning([
      'id',
      'kind',
      'user_id',
      'organization_id',
      'is_fake',
      'source_assessment_id',
      'max_count',
      'attempts',
    ])
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    kind: row.kind,
    userId: row.user_id,
    organizationId: row.organization_id,
    isFake: row.is_fake,
    sourceAssessmentId: row.source_assessment_id,
    maxCount: row.max_count,
    attempts: row.attempts,
  };
}

/**
 * Whether a job of another organization, or of another user, could be claimed now: then the
 * worker gives its job back after the item under way (`handBackJob`) and claims again.
 */
export async function othersWaiting(db: Kysely<Database>, job: ClaimedJob, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('jobs')
    .select('id')
    .where('status', 'in', ['queued', 'running'])
    .where('run_after', '<=', now)
    .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<', now)]))
    .where((w) => w.or([w('organization_id', '!=', job.organizationId), w('user_id', '!=', job.userId)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
