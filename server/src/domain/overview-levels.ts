import type { Kysely } from 'kysely';
import type { QuestionDef } from '../../../shared/rules/catalogue';
import { HANDICAP_TYPES } from '../../../shared/rules/handicaps';
import { handicapScoreDetails } from '../../../shared/rules/scoring';
import { chunks } from '../db/chunks';
import type { Database } from '../db/schema';
import { loadAnswers } from './catalogue';
import { loadCatalogue } from './catalogue-cache';
import { assessmentRowVersion } from './progress-cache';

/**
 * The overview's levels (domain/overview.ts): how each approved assessment fares per handicap
 * group, as the overview counts it.
 */

/** A group's level as the overview counts it (screened out is not suitable; see GroupSuitability). */
export type Counted = 'suitable' | 'partly' | 'unsuitable' | 'notAssessed';
export const COUNTED: readonly string[] = ['suitable', 'partly', 'unsuitable', 'notAssessed'];

interface KeptLevels {
  version: string;
  /** One per handicap type, in HANDICAP_TYPES order. */
  levels: readonly Counted[];
}

/**
 * Each scored assessment's levels per row version (the row moves with every answer written,
 * domain/progress-cache.ts), in this process and in the database (assessment_levels, migration
 * 0018): a department rebuilt after one change scores only what changed, and a new process reads
 * the levels instead of scoring every approval again (scoring was 2.7 of the 3.5 s of a cold
 * national organization). Bounded here: the oldest entries go first.
 */
const keptLevels = new WeakMap<Kysely<Database>, Map<string, KeptLevels>>();
const KEPT_LEVELS_MAX = 200_000;

function levelsCache(db: Kysely<Database>): Map<string, KeptLevels> {
  let cache = keptLevels.get(db);
  if (!cache) {
    cache = new Map();
    keptLevels.set(db, cache);
  }
  return cache;
}

/** The current levels of the given assessments: remembered, kept in the database, or scored now. */
export async function levelsOf(
  db: Kysely<Database>,
  assessmentIds: readonly string[],
): Promise<Map<string, readonly Counted[]>> {
  const cache = levelsCache(db);
  const result = new Map<string, readonly Counted[]>();
  const chunk = async (ids: readonly string[]) => {
    const rows = await db
      .selectFrom('assessments as a')
      .leftJoin('assessment_levels as l', 'l.assessment_id', 'a.id')
      .select([
        'a.id',
        'a.converted',
        assessmentRowVersion.as('version'),
        'l.version as keptVersion',
        'l.levels',
      ])
      .where('a.id', 'in', ids)
      .execute();
    const scoreNow = [];
    for (const row of rows) {
      const remembered = cache.get(row.id);
      if (remembered?.version === row.version) result.set(row.id, remembered.levels);
      else if (row.keptVersion === row.version && row.levels?.every((l) => COUNTED.includes(l))) {
        const levels = row.levels as Counted[];
        cache.delete(row.id);
        cache.set(row.id, { version: row.version, levels });
        result.set(row.id, levels);
      } else scoreNow.push(row);
    }
    if (scoreNow.length > 0) {
      const { questions } = await loadCatalogue(db);
      for (const { id, version, levels } of await scoreAndKeep(db, questions, scoreNow)) {
        cache.delete(id);
        cache.set(id, { version, levels });
        result.set(id, levels);
      }
    }
  };
  // A few chunks at a time: a cold organization's 12,000 approvals in a quarter of the round
  // trips, while the pool keeps connections for the app's other requests.
  const pending = chunks(assessmentIds);
  while (pending.length > 0) await Promise.all(pending.splice(0, LEVEL_CHUNKS_AT_ONCE).map(chunk));
  while (cache.size > KEPT_LEVELS_MAX) cache.delete(cache.keys().next().value!);
  return result;
}

const LEVEL_CHUNKS_AT_ONCE = 4;

interface ScoredRow {
  id: string;
  converted: boolean;
  /** The row's version as it is read now (assessmentRowVersion). */
  version: string;
}

/** Scores the rows from their answers and keeps the levels for each row's version. */
async function scoreAndKeep(
  db: Kysely<Database>,
  questions: readonly QuestionDef[],
  rows: readonly ScoredRow[],
): Promise<(KeptLevels & { id: string })[]> {
  const answers = await loadAnswers(
    db,
    rows.map((row) => row.id),
  );
  const scored = rows.map((row) => ({
    id: row.id,
    version: row.version,
    levels: levelsFrom(handicapScoreDetails(questions, answers.get(row.id)!, { converted: row.converted })),
  }));
  // Kept for the next process; two writing at once write the same levels.
  await db
    .insertInto('assessment_levels')
    .values(scored.map((s) => ({ assessment_id: s.id, version: s.version, levels: [...s.levels] })))
    .onConflict((oc) =>
      oc.column('assessment_id').doUpdateSet((eb) => ({
        version: eb.ref('excluded.version'),
        levels: eb.ref('excluded.levels'),
      })),
    )
    .execute();
  return scored;
}

/**
 * Scores an assessment as it is approved, in the approval's transaction (jobs/finish-item.ts),
 * so that the overview reads its levels instead of scoring a bulk approval's 2,000 residences
 * on its next request. Approved answers change no more, so these levels stay current.
 */
export async function keepLevels(
  trx: Kysely<Database>,
  questions: readonly QuestionDef[],
  assessmentId: string,
): Promise<void> {
  const rows = await trx
    .selectFrom('assessments as a')
    .select(['a.id', 'a.converted', assessmentRowVersion.as('version')])
    .where('a.id', '=', assessmentId)
    .execute();
  if (rows.length > 0) await scoreAndKeep(trx, questions, rows);
}

const MISSING_BATCH = 500;

/**
 * Scores, in the background after a start, every approval whose levels are not kept for its
 * current version: those of a database that predates migration 0018 and those a seed wrote.
 * The first overview of a national organization would otherwise score 12,000 approvals (3 s).
 * A batch at a time with a turn of the event loop between, until none is left or `stopping`.
 */
export async function keepMissingLevels(db: Kysely<Database>, stopping: () => boolean): Promise<number> {
  const seen = new Set<string>();
  for (;;) {
    if (stopping()) return seen.size;
    const missing = await db
      .selectFrom('assessments as a')
      .leftJoin('assessment_levels as l', 'l.assessment_id', 'a.id')
      .select('a.id')
      .where('a.status', '=', 'approved')
      .where((eb) => eb.or([eb('l.version', 'is', null), eb('l.version', '!=', assessmentRowVersion)]))
      .limit(MISSING_BATCH)
      .execute();
    // Rows changed while being scored come back; rows seen before are not scored again.
    const fresh = missing.map((row) => row.id).filter((id) => !seen.has(id));
    if (fresh.length === 0) return seen.size;
    for (const id of fresh) seen.add(id);
    await levelsOf(db, fresh);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** A score's levels as the overview counts them, one per handicap type in HANDICAP_TYPES order. */
function levelsFrom(details: ReturnType<typeof handicapScoreDetails>): Counted[] {
  return HANDICAP_TYPES.map((type) => {
    const level = details.find((d) => d.handicapTypeId === type)?.level ?? 'notAssessed';
    // Left out at screening is "Ikke egnet (screening)": not suitable, as the results say.
    return level === 'screenedOut' ? 'unsuitable' : level;
  });
}
