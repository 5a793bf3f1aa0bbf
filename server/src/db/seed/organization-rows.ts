import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema';
import { insertChunked } from './chunked';
import { DEMO_LOGOUT_URL, DEMO_USERS } from './demo-users';

/** Whether the database holds data already: every seed leaves an empty database alone. */
export async function hasOrganizations(db: Kysely<Database>): Promise<boolean> {
  const existing = await db.selectFrom('organizations').select('id').limit(1).executeTakeFirst();
  return existing !== undefined;
}

/**
 * The organizations and departments of a data set, with the demo users as members of the
 * organizations their `organizations` indexes name, as every seed stores them.
 */
export async function seedOrganizations(
  trx: Transaction<Database>,
  organizations: readonly { id: string; name: string }[],
  departments: readonly { id: string; organizationId: string; name: string; town: string }[],
): Promise<void> {
  await insertChunked(organizations, (chunk) =>
    trx
      .insertInto('organizations')
      .values(chunk.map((o) => ({ id: o.id, name: o.name })))
      .execute(),
  );
  await trx
    .insertInto('users')
    .values(
      DEMO_USERS.map((u) => ({
        id: u.id,
        user_name: u.userName,
        display_name: u.displayName,
        role: u.role,
        sso_uuid: u.ssoUuid,
        logout_url: DEMO_LOGOUT_URL,
      })),
    )
    .execute();
  const memberships = DEMO_USERS.flatMap((u) =>
    u.organizations.map((index) => ({ user_id: u.id, organization_id: organizations[index]!.id })),
  );
  if (memberships.length > 0) await trx.insertInto('memberships').values(memberships).execute();
  await insertChunked(departments, (chunk) =>
    trx
      .insertInto('departments')
      .values(chunk.map((d) => ({ id: d.id, organization_id: d.organizationId, name: d.name, town: d.town })))
      .execute(),
  );
}
