import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, Role } from '../db/schema';
import { forgetUsers } from './user-cache';

export interface SignedInUser {
  ssoUuid: string;
  displayName: string;
  role: Role;
  /** Organization ids the claims named; ids no organization has are left out. */
  organizationIds: readonly string[];
  logoutUrl: string | null;
}

/**
 * Keeps a user who signed in through the provider in `users` and `memberships`, as the
 * provider says they are now (docs/sign-in.md "Claims"): a role or an organization taken away
 * at the provider is gone here at the next sign-in. One transaction; the user cache forgets,
 * so the next request sees the new rights at once. Returns what a token is signed for.
 */
export async function storeSignedInUser(
  db: Kysely<Database>,
  user: SignedInUser,
): Promise<{ id: string; sso_uuid: string }> {
  const stored = await db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('users')
      .select('id')
      .where('sso_uuid', '=', user.ssoUuid)
      .executeTakeFirst();
    const id = existing?.id ?? randomUUID();
    const row = {
      display_name: user.displayName,
      role: user.role,
      logout_url: user.logoutUrl,
    };
    if (existing) await trx.updateTable('users').set(row).where('id', '=', id).execute();
    // The user name is ours, not the provider's (names change there; the sign-on id does not).
    else
      await trx
        .insertInto('users')
        .values({ id, user_name: `oidc:${user.ssoUuid}`, sso_uuid: user.ssoUuid, ...row })
        .execute();

    await trx.deleteFrom('memberships').where('user_id', '=', id).execute();
    const organizations =
      user.organizationIds.length === 0
        ? []
        : await trx
            .selectFrom('organizations')
            .select('id')
            .where('id', 'in', user.organizationIds)
            .execute();
    if (organizations.length > 0)
      await trx
        .insertInto('memberships')
        .values(organizations.map((o) => ({ user_id: id, organization_id: o.id })))
        .execute();
    return { id, sso_uuid: user.ssoUuid };
  });
  forgetUsers(db);
  return stored;
}
