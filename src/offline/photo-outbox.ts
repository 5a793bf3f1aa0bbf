import { newIdempotencyKey } from '../lib/idempotency-key';
import type { AppDatabase, DeletePhotoEntry, OutboxRecord, PhotoEntry, StoredPhoto } from './db';
import { isUnsent, UNTRIED } from './outbox-entry-state';
import { withReopen } from './outbox-reopen';

/**
 * Photos in the outbox (docs/architecture.md "Photos"): a photo's bytes are a row of `photos`
 * and its upload an outbox entry that names it, written in one durable transaction, so that a
 * photo is either taken whole (bytes and upload) or not at all. Queued behind everything queued
 * before it, so an assessment's create and answers reach the server first. A full device refuses
 * the transaction (QuotaExceededError) and keeps everything it held.
 */

/** A photo as the screen hands it over: the stored row's fields and the outbox list's texts. */
export type PhotoInput = Omit<StoredPhoto, 'size' | 'createdAt'> & {
  locationText: string;
  questionTitle: string;
};

export const photoKey = (photoId: string) => `photo:${photoId}`;
export const deletePhotoKey = (photoId: string) => `deletePhoto:${photoId}`;

const isPhotoEntry = (entry: OutboxRecord): entry is PhotoEntry => entry.kind === 'photo';

/** Stores the photo and queues its upload, in one transaction. */
export async function enqueuePhoto(db: AppDatabase, input: PhotoInput): Promise<PhotoEntry> {
  const now = Date.now();
  const photo: StoredPhoto = {
    photoId: input.photoId,
    residenceId: input.residenceId,
    assessmentId: input.assessmentId,
    questionUniqueId: input.questionUniqueId,
    ssoUuid: input.ssoUuid,
    bytes: input.bytes,
    contentType: input.contentType,
    size: input.bytes.byteLength,
    takenAt: input.takenAt,
    createdAt: now,
  };
  const entry: Omit<PhotoEntry, 'id'> = {
    kind: 'photo',
    key: photoKey(input.photoId),
    photoId: input.photoId,
    assessmentId: input.assessmentId ?? '',
    propertyId: input.residenceId,
    questionUniqueId: input.questionUniqueId,
    questionTitle: input.questionTitle,
    ssoUuid: input.ssoUuid,
    idempotencyKey: newIdempotencyKey(),
    locationText: input.locationText,
    ...UNTRIED,
    createdAt: now,
    updatedAt: now,
  };
  return withReopen(db, () =>
    db.transaction('rw', db.outbox, db.photos, async () => {
      await db.photos.add(photo);
      const id = await db.outbox.add(entry as PhotoEntry);
      return { ...entry, id };
    }),
  );
}

/**
 * Deletes a photo: one still waiting on this device goes with its upload and never reaches the
 * server; one the server has (or that is being sent now) is deleted there by a queued DELETE.
 */
export async function removePhoto(
  db: AppDatabase,
  photo: {
    photoId: string;
    residenceId: string;
    assessmentId: string | null;
    ssoUuid: string;
    locationText: string;
  },
): Promise<void> {
  await withReopen(db, () =>
    db.transaction('rw', db.outbox, db.photos, async () => {
      const uploads = (await db.outbox.where('key').equals(photoKey(photo.photoId)).toArray()).filter(
        isPhotoEntry,
      );
      const waiting = uploads.filter((entry) => entry.state !== 'inflight');
      if (uploads.length > 0 && waiting.length === uploads.length) {
        await db.outbox.bulkDelete(waiting.map((entry) => entry.id));
        await db.photos.delete(photo.photoId);
        return;
      }
      const already = await db.outbox.where('key').equals(deletePhotoKey(photo.photoId)).count();
      if (already > 0) return;
      const now = Date.now();
      const entry: Omit<DeletePhotoEntry, 'id'> = {
        kind: 'deletePhoto',
        key: deletePhotoKey(photo.photoId),
        photoId: photo.photoId,
        assessmentId: photo.assessmentId ?? '',
        propertyId: photo.residenceId,
        ssoUuid: photo.ssoUuid,
        idempotencyKey: newIdempotencyKey(),
        locationText: photo.locationText,
        ...UNTRIED,
        createdAt: now,
        updatedAt: now,
      };
      await db.outbox.add(entry as DeletePhotoEntry);
    }),
  );
}

/** The photos waiting on this device to be sent, of a residence or an assessment, oldest first. */
export async function localPhotos(
  db: AppDatabase,
  of: { residenceId: string } | { assessmentId: string },
): Promise<StoredPhoto[]> {
  const rows = await withReopen(db, () =>
    'residenceId' in of
      ? db.photos.where('residenceId').equals(of.residenceId).toArray()
      : db.photos.where('assessmentId').equals(of.assessmentId).toArray(),
  );
  return rows.sort((a, b) => a.createdAt - b.createdAt);
}

/** The ids of photos whose deletion waits in the outbox: hidden from every list already. */
export async function photosBeingDeleted(db: AppDatabase): Promise<Set<string>> {
  const entries = await withReopen(db, () => db.outbox.where('kind').equals('deletePhoto').toArray());
  return new Set(entries.filter(isUnsent).map((entry) => (entry as DeletePhotoEntry).photoId));
}

/** A waiting photo's bytes (the sender's upload reads them afresh on each attempt). */
export function storedPhoto(db: AppDatabase, photoId: string): Promise<StoredPhoto | undefined> {
  return withReopen(db, () => db.photos.get(photoId));
}

/** What the photos on this device take up, in bytes (the storage panel). */
export async function storedPhotoBytes(db: AppDatabase): Promise<number> {
  let total = 0;
  await withReopen(db, () =>
    db.photos.each((photo) => {
      total += photo.size;
    }),
  );
  return total;
}
