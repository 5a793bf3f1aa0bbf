import { appDatabase, type AppDatabase, type KeptPhoto } from './db';
import { withReopen } from './outbox-reopen';

/**
 * Copies of the server's photos kept for offline viewing, when a residence is taken along "med
 * fotos" (docs/architecture.md "Photos", "Taken along with photos"). A table of their own beside
 * the photos waiting to be sent: nothing here is ever queued or sent, and removing a kept copy
 * never touches the outbox.
 */

export interface PhotoToKeep {
  photoId: string;
  bytes: ArrayBuffer;
  contentType: string;
}

/** The ids of the photos of a residence kept on this device (a photo never changes: not fetched again). */
export async function keptPhotoIds(
  residenceId: string,
  db: AppDatabase = appDatabase(),
): Promise<Set<string>> {
  const ids = await withReopen(db, () =>
    db.keptPhotos.where('residenceId').equals(residenceId).primaryKeys(),
  );
  return new Set(ids);
}

/**
 * Keeps a residence's photos: the new ones are stored, and kept copies of photos no longer on
 * the server (deleted meanwhile) go. One transaction: a full device (QuotaExceededError) stores
 * none of them and keeps what it held.
 */
export async function keepResidencePhotos(
  residenceId: string,
  current: ReadonlySet<string>,
  added: readonly PhotoToKeep[],
  db: AppDatabase = appDatabase(),
): Promise<void> {
  const now = Date.now();
  await withReopen(db, () =>
    db.transaction('rw', db.keptPhotos, async () => {
      const held = await db.keptPhotos.where('residenceId').equals(residenceId).primaryKeys();
      const gone = held.filter((id) => !current.has(id));
      if (gone.length > 0) await db.keptPhotos.bulkDelete(gone);
      if (added.length === 0) return;
      await db.keptPhotos.bulkPut(
        added.map((photo): KeptPhoto => ({
          photoId: photo.photoId,
          residenceId,
          bytes: photo.bytes,
          contentType: photo.contentType,
          size: photo.bytes.byteLength,
          keptAt: now,
        })),
      );
    }),
  );
}

/** A kept copy of a photo, if this device has one. */
export function keptPhoto(photoId: string, db: AppDatabase = appDatabase()): Promise<KeptPhoto | undefined> {
  return withReopen(db, () => db.keptPhotos.get(photoId));
}

/** Drops the kept photos of residences no longer taken along (removed, or rolled back on a full device). */
export async function dropKeptPhotos(
  residenceIds: readonly string[],
  db: AppDatabase = appDatabase(),
): Promise<void> {
  if (residenceIds.length === 0) return;
  await withReopen(db, () =>
    db.keptPhotos
      .where('residenceId')
      .anyOf([...residenceIds])
      .delete(),
  );
}

/** Drops the kept copy of one photo (deleted by the user). */
export async function dropKeptPhoto(photoId: string, db: AppDatabase = appDatabase()): Promise<void> {
  await withReopen(db, () => db.keptPhotos.delete(photoId));
}

/** What the kept photos take up, in bytes (the storage panel). */
export async function keptPhotoBytes(db: AppDatabase = appDatabase()): Promise<number> {
  let total = 0;
  await withReopen(db, () =>
    db.keptPhotos.each((photo) => {
      total += photo.size;
    }),
  );
  return total;
}
