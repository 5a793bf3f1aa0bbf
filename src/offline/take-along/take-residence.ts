import type { PropertyDetail } from '../../../shared/contract/dto';
import { assessmentScoresQueryOptions } from '../../api/assessment-scores';
import { assessmentQueryOptions } from '../../api/get-assessment';
import { residenceAssessmentRefs } from '../../api/get-located-assessments';
import { propertyQueryOptions } from '../../api/get-property';
import { questionsQueryOptions } from '../../api/get-questions';
import { offlineRegistry, type TakenAlongResidence } from '../client-state';
import { cachedQuery, keepWithoutTimeLimit } from '../kept-queries';
import { residenceQueryKeys } from './residence-query-keys';
import { takePhotos } from './take-photos';
import type { TakeAlongRun } from './take-along-run';
import type { ResidenceToTake } from './take-along-types';
import { jsonSize } from './transfer-meter';

/** How often the router forgets its preloaded matches while a run goes on (memory). */
const RELEASE_PRELOADS_EVERY = 50;
/**
 * How many fetched residences are named in the in-memory record at once. Each naming copies the
 * record and tells every screen that shows it (the list's "Taken along" marks): once per
 * residence that was most of a big department's run.
 */
const RECORD_EVERY = 50;

interface FetchedResidence {
  property: PropertyDetail;
  refs: ReturnType<typeof residenceAssessmentRefs>;
}

/** One residence of the run: fetched with its assessments, kept and named in the record. */
export async function takeResidence(run: TakeAlongRun, residence: ResidenceToTake): Promise<void> {
  run.inFlight.add(residence.id);
  try {
    const fetched = await fetchResidence(run, residence.id);
    if (fetched === 'stopped') return;
    if (fetched === 'failed') {
      run.progress.failed++;
      return;
    }
    // Named as added before its photos: a device too full for them takes the residence back out.
    if (!offlineRegistry().residences[residence.id]) run.added.push(residence.id);
    const photos = run.request.withPhotos
      ? await takePhotos(
          run,
          residence.id,
          fetched.refs.map((ref) => ref.assessmentId),
        )
      : undefined;
    if (photos === 'stopped') return;
    // Photos that did not arrive: the answers are kept, and the residence counts as not fetched
    // whole (another take along fetches the photos).
    if (photos === 'failed') run.progress.failed++;
    recordResidence(run, residence, fetched, typeof photos === 'object' ? photos : undefined);
  } finally {
    run.inFlight.delete(residence.id);
    if (!run.stop.signal.aborted) {
      run.progress.done++;
      if (run.progress.done % RELEASE_PRELOADS_EVERY === 0) run.preload.release?.();
      if (run.unrecorded.length >= RECORD_EVERY) run.recordFetched();
      run.report();
    }
  }
}

/**
 * The residence screen and each assessment's question screen, through their loaders; 'failed'
 * when any of what they read did not arrive.
 */
async function fetchResidence(
  run: TakeAlongRun,
  residenceId: string,
): Promise<FetchedResidence | 'failed' | 'stopped'> {
  const { queryClient, preload, stop } = run;
  await preload.residence(residenceId);
  if (stop.signal.aborted) return 'stopped';
  const property = queryClient.getQueryData(propertyQueryOptions(residenceId).queryKey);
  if (!property) return 'failed';
  const refs = residenceAssessmentRefs(property);
  for (const a of refs) run.inFlight.add(a.assessmentId);
  await Promise.all(
    refs.map(async (ref) => {
      await preload.assessment(residenceId, ref.assessmentId);
      // The residence screen's cards show the scores; a draft may have none yet.
      await queryClient
        .ensureQueryData({ ...assessmentScoresQueryOptions(ref.assessmentId), retry: false })
        .catch(() => undefined);
    }),
  );
  if (stop.signal.aborted) return 'stopped';
  const complete = refs.every(
    (ref) =>
      queryClient.getQueryData(questionsQueryOptions(ref.assessmentId).queryKey) !== undefined &&
      queryClient.getQueryData(assessmentQueryOptions(ref.assessmentId, residenceId).queryKey) !== undefined,
  );
  return complete ? { property, refs } : 'failed';
}

/**
 * Keeps the residence's queries without time limit and queues its entry for the record (named in
 * memory by `recordFetched`, written later).
 */
function recordResidence(
  run: TakeAlongRun,
  residence: ResidenceToTake,
  fetched: FetchedResidence,
  photos: TakenAlongResidence['photos'],
): void {
  const { queryClient } = run;
  let bytes = 0;
  for (const key of residenceQueryKeys(queryClient, residence.id)) {
    const query = cachedQuery(queryClient, key);
    if (!query) continue;
    keepWithoutTimeLimit(query);
    bytes += jsonSize(query.state.data);
  }
  run.answerBytes += bytes;
  const before = offlineRegistry().residences[residence.id];
  const entry: TakenAlongResidence = {
    id: residence.id,
    location: fetched.property.beliggenhed || residence.location,
    assessmentIds: fetched.refs.map((ref) => ref.assessmentId),
    fetchedAt: run.now().toISOString(),
    bytes,
    sources: before?.sources.includes(run.source) ? before.sources : [...(before?.sources ?? []), run.source],
  };
  const keptPhotos = photos ?? before?.photos;
  if (keptPhotos) entry.photos = keptPhotos;
  run.unrecorded.push(entry);
}
