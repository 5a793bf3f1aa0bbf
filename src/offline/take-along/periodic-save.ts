import { writeRegistryOrThrow } from './quota';
import type { TakeAlongRun } from './take-along-run';

/**
 * How many residences between two saves of the persisted cache during a run, each followed by a
 * write of the record of what was taken along, so that the record never names a residence the
 * saved cache lacks. The throttled saves wait meanwhile (`holdSaves`): each serializes the whole
 * cache. Often enough that a full device is found early and a closed tab keeps most of the run.
 */
const SAVE_EVERY = 200;
/**
 * The first save comes sooner: a phone drops a background tab, and a run cut off before its first
 * save leaves no record that it began (the department would offer itself as never taken along).
 * The cache is smallest then, so this save costs least.
 */
const FIRST_SAVE_AFTER = 50;

/**
 * The run's saves, asked for after each residence: one at a time, every SAVE_EVERY residences;
 * its failure (a full device) stops the run.
 */
export function periodicSaver(run: TakeAlongRun): () => Promise<void> {
  let savedAt = 0;
  let saving: Promise<void> | null = null;
  return async () => {
    if (saving || run.progress.done - savedAt < (savedAt === 0 ? FIRST_SAVE_AFTER : SAVE_EVERY)) return;
    savedAt = run.progress.done;
    // The residences fetched so far are in the cache this save writes, and the record names them.
    run.recordFetched();
    saving = run.persistence?.persistNow() ?? null;
    try {
      await saving;
    } finally {
      saving = null;
    }
    writeRegistryOrThrow();
  };
}
