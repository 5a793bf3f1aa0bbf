import { queryOptions } from '@tanstack/react-query';
import { PHOTOS_EXTENSION, type PhotoInfo } from '../../shared/contract/photos';
import { useHasExtension } from './extensions';
import { apiRequest } from './http';

/**
 * The photo calls (docs/api.md "Extensions", photos): an extension the server announces in
 * staticcontent (`useHasExtension('photos')`); the app offers photos only then.
 */

export const PHOTOS_PATH = '/api/v2/photos';

export interface PhotoUpload {
  photoId: string;
  residenceId: string;
  /** '' or null for a photo of the residence itself. */
  assessmentId: string | null;
  questionUniqueId: string | null;
  takenAt: string | null;
  bytes: ArrayBuffer;
  contentType: string;
  idempotencyKey: string;
}

/** POST /api/v2/photos: the photo as the one file part, its fields in the query string. */
export function uploadPhoto(upload: PhotoUpload, signal?: AbortSignal): Promise<PhotoInfo> {
  const form = new FormData();
  form.append('photo', new Blob([upload.bytes], { type: upload.contentType }), 'foto.jpg');
  return apiRequest<PhotoInfo>(PHOTOS_PATH, {
    method: 'POST',
    query: {
      photoId: upload.photoId,
      residenceId: upload.residenceId,
      assessmentId: upload.assessmentId || undefined,
      questionUniqueId: upload.questionUniqueId ?? undefined,
      takenAt: upload.takenAt ?? undefined,
    },
    body: form,
    headers: { 'Idempotency-Key': upload.idempotencyKey },
    // A 300 KB photo on one bar of signal takes longer than an answer.
    timeoutMs: 60_000,
    signal,
  });
}

/** DELETE /api/v2/photos/{photoId}; one deleted already (404) counts as done. */
export async function deletePhoto(photoId: string, signal?: AbortSignal): Promise<void> {
  try {
    await apiRequest<undefined>(`${PHOTOS_PATH}/${encodeURIComponent(photoId)}`, {
      method: 'DELETE',
      responseType: 'none',
      signal,
    });
  } catch (error) {
    if ((error as { status?: unknown }).status !== 404) throw error;
  }
}

export const PHOTO_KEYS = { all: ['photos'] as const };

/** Whether the server keeps photos; otherwise the app offers none. */
export const useHasPhotos = (): boolean => useHasExtension(PHOTOS_EXTENSION);

/** The photos of a residence (its own and its assessments') or of one assessment. */
export const photosQueryOptions = (scope: { residenceId: string } | { assessmentId: string }) =>
  queryOptions({
    queryKey: [...PHOTO_KEYS.all, scope],
    queryFn: ({ signal }) => getPhotos(scope, signal),
  });

/** The photos of a residence (its assessments' too) or of one assessment, oldest first. */
export function getPhotos(
  query: { residenceId: string } | { assessmentId: string },
  signal?: AbortSignal,
): Promise<PhotoInfo[]> {
  return apiRequest<PhotoInfo[]>(PHOTOS_PATH, { query, signal });
}

/** A photo's bytes. */
export function getPhotoBlob(photoId: string, signal?: AbortSignal): Promise<Blob> {
  return apiRequest<Blob>(`${PHOTOS_PATH}/${encodeURIComponent(photoId)}`, {
    responseType: 'blob',
    headers: { Accept: 'image/*' },
    signal,
  });
}
