import { sql, type Kysely } from 'kysely';
import { setBounded } from '../bounded-map';
import type { Database } from '../db/schema';

/**
 * How long one reading of a user's role and organizations decides the delivery of progress
 * events. A job sends one event per item, often many a second; a second keeps that to one small
 * query per user and second, and a removed member stops hearing within it.
 */
export const AUDIENCE_MEMO_MS = 1_000;
const MEMO_SIZE = 10_000;

/** Whether a user may still follow a job of an organization: a role (read or write) and membership. */
export type JobAudience = (userId: string, organizationId: string) => Promise<boolean>;

interface Reading {
  at: number;
  rights: Promise<{ role: string; organizationIds: readonly string[] } | null>;
}

/**
 * Live job progress goes only to the job's user while that user may see the job's organization
 * (docs/architecture.md "Sessions and revocation"): the token proved who connected; the role and
 * the membership are read again here, as the job runs, from the database.
 */
export function createJobAudience(db: Kysely<Database>, now: () => number = Date.now): JobAudience {
  const memo = new Map<string, Reading>();
  const read = (userId: string) =>
    db
      .selectFrom('users as u')
      .select('u.role')
      .select(
        sql<string[]>`array(select m.organization_id::text from memberships m where m.user_id = u.id)`.as(
          'organizationIds',
        ),
      )
      .where('u.id', '=', userId)
      .executeTakeFirst()
      .then((row) =>
        row ? { role: (row.role ?? '').trim().toLowerCase(), organizationIds: row.organizationIds } : null,
      );

  return async (userId, organizationId) => {
    let reading = memo.get(userId);
    if (!reading || now() - reading.at >= AUDIENCE_MEMO_MS) {
      reading = { at: now(), rights: read(userId) };
      setBounded(memo, userId, reading, MEMO_SIZE);
      // A failed read is not kept: the next event asks again.
      reading.rights.catch(() => memo.delete(userId));
    }
    const rights = await reading.rights;
    if (!rights || (rights.role !== 'read' && rights.role !== 'write')) return false;
    return rights.organizationIds.includes(organizationId);
  };
}
