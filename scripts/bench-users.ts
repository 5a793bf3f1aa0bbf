import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { createSessionStore } from '../server/src/auth/sessions';
import { createTokenService } from '../server/src/auth/tokens';
import type { Database } from '../server/src/db/schema';

/**
 * Users a bench adds to its own database: the seeds hold only the five demo users, and the demo
 * sign-in is for them alone, while a bench needs many users at once (the hub's limits are per
 * user, and so is the API's rate limit).
 */

export interface BenchUser {
  id: string;
  user_name: string;
  display_name: string;
  role: string;
  sso_uuid: string;
  logout_url: null;
}

/** One write user per entry of `organizationIds` (ids may repeat), each a member of its organization. */
export async function addWriteUsers(
  db: Kysely<Database>,
  prefix: string,
  organizationIds: readonly string[],
): Promise<BenchUser[]> {
  const users = organizationIds.map((_, i) => ({
    id: randomUUID(),
    user_name: `${prefix}-${i}`,
    display_name: `Bench ${prefix} ${i}`,
    role: 'write',
    sso_uuid: randomUUID(),
    logout_url: null,
  }));
  if (users.length === 0) return users;
  await db.insertInto('users').values(users).execute();
  await db
    .insertInto('memberships')
    .values(users.map((u, i) => ({ user_id: u.id, organization_id: organizationIds[i]! })))
    .execute();
  return users;
}

/**
 * A token per user, each a sign-in with a session of its own as the server's sign-in makes it,
 * signed with the servers' JWT_SECRET: the bench signs in without the demo sign-in.
 */
export function signInAll(
  db: Kysely<Database>,
  secret: string,
  users: readonly BenchUser[],
  ttlS = 3600,
): Promise<string[]> {
  const tokens = createTokenService(secret, ttlS, undefined, createSessionStore(db));
  return Promise.all(users.map((user) => tokens.signIn(user)));
}
