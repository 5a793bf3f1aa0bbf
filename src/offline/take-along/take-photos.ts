import type { PhotoInfo } from '../../../shared/contract/photos';
import { getPhotoBlob, photosQueryOptions } from '../../api/photos';
import type { PhotoToKeep } from '../kept-photos';
import { isQuotaError, QuotaError } from './quota';
import type { TakeAlongRun } from './take-along-run';

/**
 * "Med fotos" (docs/architecture.md "Photos", "Taken along with photos"): the residence's photo
 * list, as the residence screen reads it and split per assessment as the form and the results
 * read theirs, and a copy of each photo not kept on the device yet (a photo never changes).
 * Photos deleted on the server meanwhile lose their kept copy.
 */

export type TakenPhotos = { count: number; bytes: number } | 'failed' | 'stopped';

export async function takePhotos(
  run: TakeAlongRun,
  residenceId: string,
  assessmentIds: readonly string[],
): Promise<TakenPhotos> {
  const { queryClient, stop } = run;
  let list: PhotoInfo[];
  try {
    list = await queryClient.fetchQuery({ ...photosQueryOptions({ residenceId }), retry: false });
  } catch {
    return stop.signal.aborted ? 'stopped' : 'failed';
  }
  for (const assessmentId of assessmentIds) {
    queryClient.setQueryData(
      photosQueryOptions({ assessmentId }).queryKey,
      list.filter((photo) => photo.assessmentId === assessmentId),
    );
  }
  // Loaded when photos are asked for: the take along starts on the department screen, whose
  // first paint needs no IndexedDB code (docs/performance.md "Bytes on the wire").
  const { keepResidencePhotos, keptPhotoIds } = await import('../kept-photos');
  const held = await keptPhotoIds(residenceId);
  const added: PhotoToKeep[] = [];
  for (const photo of list) {
    if (held.has(photo.photoId)) continue;
    if (stop.signal.aborted) return 'stopped';
    try {
      const blob = await getPhotoBlob(photo.photoId, stop.signal);
      added.push({ photoId: photo.photoId, bytes: await blob.arrayBuffer(), contentType: photo.contentType });
    } catch {
      return stop.signal.aborted ? 'stopped' : 'failed';
    }
  }
  try {
    await keepResidencePhotos(residenceId, new Set(list.map((photo) => photo.photoId)), added);
  } catch (error) {
    if (isQuotaError(error)) throw new QuotaError(error);
    throw error;
  }
  return { count: list.length, bytes: list.reduce((sum, photo) => sum + photo.size, 0) };
}
