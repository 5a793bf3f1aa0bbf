import { sql, type Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { setBounded } from '../bounded-map';
import type { Database } from '../db/schema';
import { ANSWER_ROW_COLUMNS } from './answer-rows';
import type { AnswerRow } from './question-list';

/**
 * What syncanswer decides on (docs/api.md "syncanswer"): the assessment with its row version,
 * its answers and what the request's key stored, and the last such state this process knows of
 * each assessment it answered.
 */

/**
 * The assessment (with its row version, `xmin`), its answers and, with a key, what the key
 * stored: one statement, one snapshot. With `lock`, the assessment is locked first, in a
 * statement of its own, until the transaction ends: a locking read waits for a concurrent
 * writer and then answers the row as that writer left it, but its subqueries still see the
 * statement's older snapshot (the answers without that writer's), so they are read after.
 */
export async function readAnswerState(
  db: Kysely<Database>,
  assessmentId: string,
  userId: string,
  idempotencyKey: string | undefined,
  lock: boolean,
) {
  if (lock) {
    await db.selectFrom('assessments').select('id').where('id', '=', assessmentId).forUpdate().execute();
  }
  return db
    .selectFrom('assessments as a')
    .leftJoin('sync_requests as s', (join) =>
      join.on('s.user_id', '=', userId).on('s.idempotency_key', '=', idempotencyKey ?? null),
    )
    .select(['a.id', 'a.organization_id', 'a.status', 'a.converted', 's.request_hash'])
    .select((eb) => [
      sql<string>`a.xmin::text`.as('version'),
      jsonArrayFrom(
        eb
          .selectFrom('answers')
          .select([...ANSWER_ROW_COLUMNS, 'answered_by', 'answered_at'])
          .whereRef('assessment_id', '=', 'a.id'),
      ).as('answers'),
    ])
    .where('a.id', '=', assessmentId)
    .executeTakeFirst();
}

export type AnswerState = NonNullable<Awaited<ReturnType<typeof readAnswerState>>>;

/** A stored answer as the state holds it: with who gave it and when (JSON: an ISO string). */
export type StoredAnswerRow = AnswerRow & { answered_by: string | null; answered_at: string };

/** Assessments whose answer state a process remembers: those being answered now, and more. */
const KNOWN_ASSESSMENTS = 2_000;

/** A remembered state says nothing about keys: a key is looked up when its write is refused. */
export const NO_KEY = { request_hash: null } as const;

const answerStates = new WeakMap<Kysely<Database>, Map<string, AnswerState>>();

/**
 * Per database, the last state of each assessment this process answered: its row version, its
 * organization, status and answers. The write applies only to that version, so a state that
 * another process or writer has moved on is found out by the write itself, which then changes
 * nothing, and the request reads the state again.
 */
export function answerStateCacheOf(db: Kysely<Database>): Map<string, AnswerState> {
  let cache = answerStates.get(db);
  if (!cache) {
    cache = new Map();
    answerStates.set(db, cache);
  }
  return cache;
}

/** Remembers the state as the newest, forgetting the oldest beyond KNOWN_ASSESSMENTS. */
export function rememberAnswerState(cache: Map<string, AnswerState>, state: AnswerState): void {
  setBounded(cache, state.id, state, KNOWN_ASSESSMENTS);
}
