import { offlineRegistry } from '../client-state';
import { periodicSaver } from './periodic-save';
import { isQuotaError, writeRegistryOrThrow } from './quota';
import { rollBack } from './roll-back';
import { startRun, type TakeAlongRun } from './take-along-run';
import {
  cacheHelp,
  keepSharedQueries,
  recordFinished,
  recordRequest,
  residencesToTake,
} from './take-along-steps';
import type { TakeAlongOptions, TakeAlongProgress, TakeAlongRequest } from './take-along-types';
import { takeResidence } from './take-residence';
import { runPool } from './worker-pool';

/**
 * "Tag med offline" (docs/architecture.md 2, "Taken along offline"): everything the screens of a
 * department, a selection or one residence need offline is fetched into the persisted query cache
 * through the route loaders themselves (`router.preloadRoute`), so that what is taken along is
 * exactly what the screens ask for, and the help images into the service worker's runtime cache.
 */

export const TAKE_ALONG_CONCURRENCY = 4;

/** Runs one take along; resolves with the last progress (never rejects). */
export async function takeAlong(
  request: TakeAlongRequest,
  options: TakeAlongOptions,
): Promise<TakeAlongProgress> {
  const run = startRun(request, options);
  // A department first taken along by this run: a full device takes it out again.
  const newDepartment =
    request.kind === 'department' && !offlineRegistry().departments[request.departmentId]
      ? request.departmentId
      : null;
  const releaseSaves = options.persistence?.holdSaves();
  try {
    await takeEverything(run, options.concurrency ?? TAKE_ALONG_CONCURRENCY);
    run.recordFetched();
    recordFinished(run);
    // The cache first, then the record that names what it holds; a cancelled run keeps what it
    // got. Releasing the held saves is that last save (one serialization, not two).
    await releaseSaves?.();
    writeRegistryOrThrow();
    run.progress.phase = run.signal.aborted ? 'cancelled' : 'done';
    run.report();
  } catch (error) {
    await endAfterFailure(run, error, newDepartment);
  } finally {
    run.dispose();
    await releaseSaves?.().catch(() => undefined);
  }
  return run.progress;
}

/** The run's steps in turn, the residences `concurrency` at a time (each asking its loaders in turn). */
async function takeEverything(run: TakeAlongRun, concurrency: number): Promise<void> {
  run.report();
  const { residences, listCount } = await residencesToTake(run);
  run.progress.total = residences.length;
  run.report();
  await cacheHelp(run);
  run.checkQuota();
  recordRequest(run, listCount);
  keepSharedQueries(run);
  const saveNow = periodicSaver(run);
  await runPool(residences, Math.min(concurrency, residences.length), run.stop, async (residence) => {
    await takeResidence(run, residence);
    await saveNow();
    run.checkQuota();
  });
  run.preload.release?.();
}

/**
 * Every worker has stopped (runPool). A full device rolls back what the run added; any other
 * failure keeps what was fetched before it.
 */
async function endAfterFailure(run: TakeAlongRun, error: unknown, newDepartment: string | null) {
  await run.cancelInFlight();
  // What was fetched before the failure: kept (and named) or, on a full device, rolled back.
  run.recordFetched();
  if (isQuotaError(error)) {
    await rollBack(run.queryClient, run.added, newDepartment, run.persistence);
    run.progress.phase = 'quota';
  } else {
    await run.persistence?.persistNow().catch(() => undefined);
    writeRegistryOrThrow(false);
    run.progress.phase = run.signal.aborted ? 'cancelled' : 'failed';
  }
  run.report();
}
