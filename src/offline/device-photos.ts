import { liveQuery } from 'dexie';
import { appDatabase, type StoredPhoto } from './db';
import { dropKeptPhoto, dropKeptPhotos, keptPhoto, keptPhotoBytes } from './kept-photos';
import {
  enqueuePhoto,
  localPhotos,
  photosBeingDeleted,
  removePhoto,
  storedPhotoBytes,
  type PhotoInput,
} from './photo-outbox';

/**
 * The photos in this device's database, as the screens use them (docs/architecture.md
 * "Photos"): taking one (its bytes and upload in one durable transaction), deleting one, the
 * copies kept for offline viewing ("med fotos"), and a live view of those still waiting to be
 * sent and of the deletions still to be made, which every list lays over what the server said.
 */
export interface DevicePhotos {
  /** The photos of the scope still on this device (waiting to be sent), oldest first. */
  waiting: StoredPhoto[];
  /** Photos whose deletion waits in the outbox: no list shows them. */
  deleting: ReadonlySet<string>;
}

export const devicePhotos = {
  take: (input: PhotoInput) => enqueuePhoto(appDatabase(), input),
  /** Deletes the photo (queued for the server when it has it) and any kept copy of it. */
  async remove(photo: Parameters<typeof removePhoto>[1]): Promise<void> {
    await removePhoto(appDatabase(), photo);
    await dropKeptPhoto(photo.photoId).catch(() => undefined);
  },
  /** The bytes of the photos waiting to be sent. */
  storedBytes: () => storedPhotoBytes(appDatabase()),
  /** The bytes of the copies kept for offline viewing ("med fotos"). */
  keptBytes: () => keptPhotoBytes(),
  /** A kept copy of a photo of the server, if the device has one. */
  kept: (photoId: string) => keptPhoto(photoId),
  dropKept: (residenceIds: readonly string[]) => dropKeptPhotos(residenceIds),
  /** Calls the listener now and after every change (another tab's and the sender's too). */
  subscribe(
    scope: { residenceId: string } | { assessmentId: string },
    listener: (photos: DevicePhotos) => void,
    onError?: (error: unknown) => void,
  ): () => void {
    const db = appDatabase();
    // Both reads start at once, inside the live query: a read begun after an `await` runs outside
    // the query's zone and is not watched (the deletions were not: a photo deleted offline stayed
    // on screen until it was sent).
    const subscription = liveQuery(() =>
      Promise.all([localPhotos(db, scope), photosBeingDeleted(db)]).then(([waiting, deleting]) => ({
        waiting,
        deleting,
      })),
    ).subscribe({ next: listener, error: (error: unknown) => onError?.(error) });
    return () => subscription.unsubscribe();
  },
};
