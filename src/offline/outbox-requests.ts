import { createAssessment } from '../api/create-assessment';
import { ApiError, apiRequest } from '../api/http';
import { deletePhoto, uploadPhoto } from '../api/photos';
import { syncHiddenQuestions } from '../api/sync-hidden-questions';
import {
  appDatabase,
  type CreateEntry,
  type OutboxEntry,
  type OutboxRecord,
  type PhotoEntry,
  type SyncHiddenEntry,
} from './db';
import { storedPhoto } from './photo-outbox';

/**
 * The request that sends each kind of outbox entry (docs/architecture.md 2, "How an answer
 * reaches the database"), built afresh from the stored JSON on every attempt.
 */

export const SYNC_ANSWER_PATH = '/api/v2/sync/syncanswer';

/**
 * The syncanswer body (docs/product.md 7), built fresh from the stored JSON on every attempt,
 * with the time the answer was given (docs/api.md "syncanswer": an older one does not overwrite
 * a newer one).
 */
export function syncAnswerBody(entry: OutboxEntry): Record<string, unknown> {
  return {
    questionUniqueId: entry.questionUniqueId,
    assessmentId: entry.assessmentId,
    ...entry.payload,
    ...(entry.answeredAt === undefined ? {} : { answeredAt: new Date(entry.answeredAt).toISOString() }),
  };
}

/** An answer: POST syncanswer with the entry's Idempotency-Key; answers the updated questions. */
export function sendSyncAnswer(entry: OutboxEntry, signal?: AbortSignal): Promise<unknown> {
  return apiRequest<unknown>(SYNC_ANSWER_PATH, {
    method: 'POST',
    body: syncAnswerBody(entry),
    headers: { 'Idempotency-Key': entry.idempotencyKey },
    signal,
  });
}

/**
 * A create: createnewassessment with the id the client chose. The server is idempotent by that
 * id (docs/api.md "createnewassessment"), so a resend after a lost reply or a crash makes one
 * assessment; answers the id.
 */
export function sendCreate(entry: CreateEntry, signal?: AbortSignal): Promise<unknown> {
  return createAssessment({ propertyId: entry.propertyId, assessmentId: entry.assessmentId }, signal);
}

/** A hidden-questions sync: GET synchiddenquestions (a text answer); repeating it changes nothing more. */
export function sendSyncHidden(entry: SyncHiddenEntry, signal?: AbortSignal): Promise<unknown> {
  return syncHiddenQuestions(entry.assessmentId, signal);
}

/**
 * A photo's upload, its bytes read from this device's `photos` afresh on every attempt, with the
 * entry's Idempotency-Key: a resend after a lost reply stores one photo. Bytes that are gone
 * (the device's storage was cleared) cannot be sent: the entry is parked, never taken as sent.
 */
export async function sendPhoto(entry: PhotoEntry, signal?: AbortSignal): Promise<unknown> {
  const photo = await storedPhoto(appDatabase(), entry.photoId);
  if (!photo) throw new ApiError(400, 'The photo is no longer on this device');
  return uploadPhoto(
    {
      photoId: entry.photoId,
      residenceId: entry.propertyId,
      assessmentId: entry.assessmentId || null,
      questionUniqueId: entry.questionUniqueId,
      takenAt: photo.takenAt,
      bytes: photo.bytes,
      contentType: photo.contentType,
      idempotencyKey: entry.idempotencyKey,
    },
    signal,
  );
}

/** The app's `send`: each kind of entry with its own request, built afresh from the stored JSON. */
export function sendOutboxEntry(entry: OutboxRecord, signal?: AbortSignal): Promise<unknown> {
  switch (entry.kind) {
    case 'answer':
      return sendSyncAnswer(entry, signal);
    case 'create':
      return sendCreate(entry, signal);
    case 'syncHidden':
      return sendSyncHidden(entry, signal);
    case 'photo':
      return sendPhoto(entry, signal);
    case 'deletePhoto':
      return deletePhoto(entry.photoId, signal);
    default:
      // An entry of a kind this release does not know (a newer tab's): refused here, so it is
      // parked with its value for the user to see, never taken as sent and dropped.
      return Promise.reject(
        new ApiError(400, `Unknown outbox entry kind: ${String((entry as { kind?: unknown }).kind)}`),
      );
  }
}
