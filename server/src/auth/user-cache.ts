import { sql, type Kysely } from 'kysely';
import { setBounded } from '../bounded-map';
import type { Database } from '../db/schema';

/** A user as the guard reads it: the row and the ids of the user's organizations. */
export interface UserRecord {
  id: string;
  userName: string;
  displayName: string;
  /** As stored: the guard lower-cases it and refuses a missing role or "none". */
  role: string | null;
  ssoUuid: string;
  logoutUrl: string | null;
  organizationIds: readonly string[];
}

/**
 * How long a user read for one request serves the next ones (docs/performance.md "The API
 * under load"). Every authenticated request needs the user and the user's organizations, and
 * reading them cost about as much as answering userinfo itself; a page of the app sends a few
 * requests at once and an assessor's answers follow each other within seconds, so a short
 * memory answers almost all of them. It is also the longest a changed role or membership
 * waits to take effect in this process: 5 s is far below a token's lifetime and below the time
 * anyone takes to notice, and still one read per active user per 5 s.
 */
export const USER_CACHE_TTL_MS = 5_000;

/** Users remembered per process: about one per signed-in client; past it the oldest goes. */
const USER_CACHE_SIZE = 10_000;

interface Entry {
  /** Date.now() after which the entry is read again. */
  until: number;
  /** Shared by every request that asks while the read is under way (single flight). */
  user: Promise<UserRecord | undefined>;
}

const caches = new WeakMap<Kysely<Database>, Map<string, Entry>>();

function readUser(db: Kysely<Database>, id: string, ssoUuid: string): Promise<UserRecord | undefined> {
  // The user and the user's organizations in one query.
  return db
    .selectFrom('users as u')
    .select([
      'u.id as id',
      'u.user_name as userName',
      'u.display_name as displayName',
      'u.role as role',
      'u.sso_uuid as ssoUuid',
      'u.logout_url as logoutUrl',
    ])
    .select(
      sql<string[]>`array(select m.organization_id::text from memberships m where m.user_id = u.id)`.as(
        'organizationIds',
      ),
    )
    .where('u.id', '=', id)
    .where('u.sso_uuid', '=', ssoUuid)
    .executeTakeFirst()
    .then((row) => (row ? { ...row, organizationIds: Object.freeze(row.organizationIds) } : undefined));
}

/**
 * The user with this id and sign-on id, or undefined when there is none, at most
 * USER_CACHE_TTL_MS old. Concurrent requests for a user not in memory share one read; an
 * unknown user is not remembered (a user created a moment later is found at once), and a read
 * that fails is not kept. Whatever changes users or memberships while the server runs and
 * needs the change at once calls `forgetUsers`.
 */
export function cachedUser(
  db: Kysely<Database>,
  id: string,
  ssoUuid: string,
): Promise<UserRecord | undefined> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const key = `${id} ${ssoUuid}`;
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.until > now) return hit.user;
  const entry: Entry = { until: now + USER_CACHE_TTL_MS, user: readUser(db, id, ssoUuid) };
  setBounded(cache, key, entry, USER_CACHE_SIZE);
  const forget = () => {
    if (cache.get(key) === entry) cache.delete(key);
  };
  entry.user.then((user) => {
    if (!user) forget();
  }, forget);
  return entry.user;
}

/** The next request of every user reads the user again. */
export function forgetUsers(db: Kysely<Database>): void {
  caches.delete(db);
}
