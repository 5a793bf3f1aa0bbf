import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Server-side sessions (docs/architecture.md "Sessions and revocation"). A sign-in
 * starts one; every token of it carries its id (`sid`), renewals too; "Log ud" revokes it.
 * PostgreSQL is the shared truth: each process asks it whether a session is live and keeps a
 * "live" answer for at most `LIVE_FOR_MS`, so a revocation on one instance holds on every
 * instance within that time, at one small query per session and second. A revocation in this
 * process holds at once.
 */
export const LIVE_FOR_MS = 1_000;
/** Entries of the "live" memo: past it the oldest go (one per active session at most). */
const MEMO_SIZE = 10_000;

export interface SessionStore {
  /** A new session of this user, for a sign-in; its id goes into the token. */
  start(userId: string): Promise<string>;
  /**
   * Whether the session exists and was not revoked; read through `via` when given (the hub's
   * deliveries read through the background pool, app.ts), with the same memory.
   */
  isLive(sessionId: string, via?: Kysely<Database>): Promise<boolean>;
  /** Logout: the session ends for every token that carries it. */
  revoke(sessionId: string): Promise<void>;
  /** Removes the sessions signed in more than `maxAgeS` ago (no token of theirs can live). */
  prune(maxAgeS: number): Promise<number>;
}

export function createSessionStore(db: Kysely<Database>, now: () => number = Date.now): SessionStore {
  const liveAt = new Map<string, number>();
  return {
    async start(userId) {
      const id = randomUUID();
      await db.insertInto('sessions').values({ id, user_id: userId }).execute();
      return id;
    },
    async isLive(sessionId, via = db) {
      const checked = liveAt.get(sessionId);
      if (checked !== undefined && now() - checked < LIVE_FOR_MS) return true;
      const row = await via
        .selectFrom('sessions')
        .select('revoked_at')
        .where('id', '=', sessionId)
        .executeTakeFirst();
      const live = row !== undefined && row.revoked_at === null;
      liveAt.delete(sessionId);
      if (live) {
        if (liveAt.size >= MEMO_SIZE) liveAt.delete(liveAt.keys().next().value!);
        liveAt.set(sessionId, now());
      }
      return live;
    },
    async revoke(sessionId) {
      liveAt.delete(sessionId);
      await db
        .updateTable('sessions')
        .set({ revoked_at: sql<Date>`now()` })
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .execute();
      // A reading that was under way may have remembered "live" meanwhile.
      liveAt.delete(sessionId);
    },
    async prune(maxAgeS) {
      const result = await db
        .deleteFrom('sessions')
        .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${maxAgeS})`)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
