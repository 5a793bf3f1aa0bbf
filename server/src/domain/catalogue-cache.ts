import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { loadQuestions } from './catalogue';
import type { Catalogue } from './question-list';

const catalogues = new WeakMap<Kysely<Database>, Promise<Catalogue>>();

/**
 * The catalogue of this database, read once (docs/performance.md "The API under load"): every
 * question call needs it, and nothing changes it while the server runs (the seed and the
 * migrations run before it listens), like `staticcontent` (content/static-content-cache.ts).
 * Whatever changes the catalogue at run time must call `forgetCatalogue` afterwards.
 */
export function loadCatalogue(db: Kysely<Database>): Promise<Catalogue> {
  let catalogue = catalogues.get(db);
  if (!catalogue) {
    const reading = readCatalogue(db);
    catalogue = reading;
    catalogues.set(db, reading);
    // A failed read (the database away) is not kept: the next call tries again.
    reading.catch(() => {
      if (catalogues.get(db) === reading) catalogues.delete(db);
    });
  }
  return catalogue;
}

/** The next loadCatalogue reads the catalogue again. */
export function forgetCatalogue(db: Kysely<Database>): void {
  catalogues.delete(db);
}

async function readCatalogue(db: Kysely<Database>): Promise<Catalogue> {
  const [questions, numbers, chapters] = await Promise.all([
    loadQuestions(db),
    db.selectFrom('questions').select(['unique_id', 'number']).execute(),
    db.selectFrom('chapters').select(['id', 'label', 'kind']).execute(),
  ]);
  return {
    questions,
    byId: new Map(questions.map((q) => [q.uniqueId, q])),
    numbers: new Map(numbers.map((n) => [n.unique_id, n.number])),
    chapters: new Map(chapters.map((c) => [c.id, { label: c.label, kind: c.kind }])),
  };
}
