import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Who asks for a job: its user, and the organizations they belong to now. */
export interface JobOwner {
  userId: string;
  organizationIds: readonly string[];
}

/**
 * The job `jobId` as its owner may reach it (docs/api.md "Jobs"): their own, of an organization
 * they still belong to. Anyone else's is as unknown as a missing one (a 403 would tell which ids
 * exist). Null when the owner belongs to no organization: nothing can match.
 */
export function ownJob(db: Kysely<Database>, owner: JobOwner, jobId: string) {
  if (owner.organizationIds.length === 0) return null;
  return db
    .selectFrom('jobs')
    .where('id', '=', jobId.toLowerCase())
    .where('user_id', '=', owner.userId)
    .where('organization_id', 'in', [...owner.organizationIds]);
}
