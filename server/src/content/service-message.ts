import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ServiceMessage } from '../../../shared/contract/static-content';
import type { Database } from '../db/schema';
import { DEMO_USERS } from '../db/seed/demo-users';

/**
 * The service message of `staticcontent` (docs/product.md 3, configuration content; docs/api.md
 * "The service message"). It belongs to the deployment, not to the code:
 *
 * - `SERVICE_MESSAGE` set (config.ts): that text, on every instance that has it.
 * - Unset or empty: the demonstration text below when the database holds the made-up data of a
 *   seed (`SEED=demo`, or `national` for load tests), recognized by the demo users both seeds
 *   write; otherwise none (`null`). An organization's own database never holds those users,
 *   so a deployment without the setting shows nothing.
 */
export const DEMO_SERVICE_MESSAGE_TEXT =
  'Dette er en demonstration. Boligorganisationer, afdelinger og adresser er opdigtede, og dine svar bruges kun til afprøvning.';

/**
 * A message with an id derived from its text: a new text is a new id, so a dismissal (kept for
 * the session by the app) never hides the next message.
 */
export function serviceMessageOf(text: string): ServiceMessage {
  const id = createHash('sha256').update(text).digest('base64url').slice(0, 16);
  return { id, text };
}

/** Whether the database holds a seed's made-up data (server/src/db/seed: both seeds write the demo users). */
async function holdsSeedData(db: Kysely<Database>): Promise<boolean> {
  const demoUser = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', DEMO_USERS[0]!.id)
    .executeTakeFirst();
  return demoUser !== undefined;
}

/** The service message: the configured text (SERVICE_MESSAGE), else the demo data's, else none. */
export async function resolveServiceMessage(
  db: Kysely<Database>,
  configured: string | null,
): Promise<ServiceMessage | null> {
  if (configured !== null) return serviceMessageOf(configured);
  return (await holdsSeedData(db)) ? serviceMessageOf(DEMO_SERVICE_MESSAGE_TEXT) : null;
}
