import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { JobKind } from '../../../shared/contract/dto';
import { ITEM_MESSAGES } from './errors';

/** Why a job's user may no longer have its items done, with the reason shown on each. */
export interface LostRights {
  code: 'WRITE_ACCESS_LOST' | 'MEMBERSHIP_LOST';
  message: string;
}

/**
 * Jobs keep their rights (docs/architecture.md 4 "Jobs", "Rights at run time"; docs/api.md
 * "Jobs"): a queued copy or approval runs long after the request that started it, so before each
 * item the worker asks the database (not the guard's 5-second memory) whether the job's user
 * still has the write role and still belongs to the job's organization. A user removed altogether
 * has neither.
 */
export async function lostRights(
  db: Kysely<Database>,
  job: { kind: JobKind; userId: string; organizationId: string },
): Promise<LostRights | null> {
  const row = await db
    .selectFrom('users as u')
    .select('u.role')
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('memberships as m')
            .select('m.user_id')
            .whereRef('m.user_id', '=', 'u.id')
            .where('m.organization_id', '=', job.organizationId),
        )
        .as('member'),
    )
    .where('u.id', '=', job.userId)
    .executeTakeFirst();
  const messages = job.kind === 'copy' ? ITEM_MESSAGES.copyRefused : ITEM_MESSAGES.approvalRefused;
  if (!row || (row.role ?? '').trim().toLowerCase() !== 'write') {
    return { code: 'WRITE_ACCESS_LOST', message: messages.writeAccessLost };
  }
  if (!row.member) return { code: 'MEMBERSHIP_LOST', message: messages.membershipLost };
  return null;
}
