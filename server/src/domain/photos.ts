import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { PhotoInfo, PhotoListQuery, PhotoUploadQuery } from '../../../shared/contract/photos';
import { assertMember, type AuthUser } from '../auth/guard';
import type { Database, PhotoTable } from '../db/schema';
import { badRequest, HttpError, notFound } from '../errors';
import { findAssessment, findResidence } from './access';
import { assertEditable } from './answer-checks';
import { idempotencyConflict } from './answer-idempotency';
import { loadCatalogue } from './catalogue-cache';
import { chunkWriter, consumePhoto, photoTooLarge } from './photo-store';

/**
 * Photos as evidence (docs/api.md "Extensions", photos): who may add, see and delete them, and
 * what a repeated upload answers. A photo belongs to the residence photographed, and to one
 * assessment (and question) of it when taken there; copying an assessment copies none.
 */

/** An upload whose row is older than this and still incomplete died with its process. */
const STALE_UPLOAD_MS = 10 * 60_000;

type PhotoRow = Pick<
  PhotoTable,
  | 'id'
  | 'organization_id'
  | 'residence_id'
  | 'assessment_id'
  | 'question_unique_id'
  | 'content_type'
  | 'sha256'
  | 'taken_at'
  | 'created_by'
  | 'idempotency_key'
> & { size: number; complete: boolean; created_at: Date; created_by_name: string };

const selectPhotos = (db: Kysely<Database>) =>
  db
    .selectFrom('photos as p')
    .innerJoin('users as u', 'u.id', 'p.created_by')
    .selectAll('p')
    .select('u.display_name as created_by_name');

export function toPhotoInfo(row: PhotoRow): PhotoInfo {
  return {
    photoId: row.id,
    residenceId: row.residence_id,
    assessmentId: row.assessment_id,
    questionUniqueId: row.question_unique_id,
    contentType: row.content_type as PhotoInfo['contentType'],
    size: row.size,
    sha256: row.sha256 ?? '',
    takenAt: row.taken_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by_name,
  };
}

/**
 * A date-time the schema's format takes may still be none a photo was taken at, or none
 * PostgreSQL stores (a leap second, year 0, an offset of a day): 1970 to 2200, as a Date reads it.
 */
function isStorableTime(text: string): boolean {
  const time = new Date(text);
  if (Number.isNaN(time.getTime())) return false;
  const year = time.getUTCFullYear();
  return year >= 1970 && year <= 2200;
}

/**
 * The checks of an upload before a byte of it is read: the residence is the user's
 * organization's (403, 404), the assessment is the residence's and takes answers (409
 * ASSESSMENT_LOCKED: an approved assessment's photos are read-only, as its answers), the
 * question exists.
 */
export async function checkUpload(db: Kysely<Database>, user: AuthUser, query: PhotoUploadQuery) {
  if (query.takenAt !== undefined && !isStorableTime(query.takenAt))
    throw badRequest('takenAt is no time a photo was taken');
  const residence = await findResidence(db, user, query.residenceId.toLowerCase());
  if (query.questionUniqueId !== undefined && query.assessmentId === undefined)
    throw badRequest('A question needs its assessmentId');
  if (query.assessmentId !== undefined) {
    const assessment = await findAssessment(db, user, query.assessmentId.toLowerCase());
    if (assessment.residence_id !== residence.id) throw badRequest('The assessment is not of this residence');
    assertEditable(assessment.status);
    if (query.questionUniqueId !== undefined && !(await loadCatalogue(db)).byId.has(query.questionUniqueId))
      throw badRequest('Unknown question');
  }
  return residence;
}

/**
 * Stores the upload (after checkUpload), or answers a repeat: the same Idempotency-Key with the
 * same photo answers the stored one and stores nothing; with another photo it is a 409.
 */
export async function uploadPhoto(
  db: Kysely<Database>,
  user: AuthUser,
  upload: { query: PhotoUploadQuery; organizationId: string; idempotencyKey: string; file: Readable },
): Promise<PhotoInfo> {
  const { query, idempotencyKey, file } = upload;
  const photoId = query.photoId.toLowerCase();
  const fields = {
    residence_id: query.residenceId.toLowerCase(),
    assessment_id: query.assessmentId?.toLowerCase() ?? null,
    question_unique_id: query.questionUniqueId ?? null,
  };
  const earlier = await selectPhotos(db)
    .where((eb) =>
      eb.or([
        eb('p.id', '=', photoId),
        eb.and([eb('p.created_by', '=', user.id), eb('p.idempotency_key', '=', idempotencyKey)]),
      ]),
    )
    .execute();
  for (const row of earlier) {
    if (!row.complete && Date.now() - row.created_at.getTime() > STALE_UPLOAD_MS) {
      await db.deleteFrom('photos').where('id', '=', row.id).where('complete', '=', false).execute();
      continue;
    }
    const sameRequest =
      row.id === photoId && row.created_by === user.id && row.idempotency_key === idempotencyKey;
    if (!sameRequest && row.id === photoId)
      throw new HttpError(409, 'This photoId is another photo', 'PHOTO_ID_TAKEN');
    if (!sameRequest) throw idempotencyConflict();
    if (!row.complete)
      throw new HttpError(409, 'This photo is being uploaded by another request', 'PHOTO_UPLOAD_IN_PROGRESS');
    const again = await consumePhoto(file, null);
    const same =
      again.sha256 === row.sha256 &&
      row.residence_id === fields.residence_id &&
      row.assessment_id === fields.assessment_id &&
      row.question_unique_id === fields.question_unique_id;
    if (!same) throw idempotencyConflict();
    return toPhotoInfo(row);
  }
  return storeNew(db, user, { ...upload, photoId, fields });
}

async function storeNew(
  db: Kysely<Database>,
  user: AuthUser,
  upload: {
    query: PhotoUploadQuery;
    organizationId: string;
    idempotencyKey: string;
    file: Readable;
    photoId: string;
    fields: Pick<PhotoTable, 'residence_id' | 'assessment_id' | 'question_unique_id'>;
  },
): Promise<PhotoInfo> {
  const { photoId } = upload;
  let inserted = false;
  try {
    const stored = await consumePhoto(upload.file, chunkWriter(db, photoId), async (contentType) => {
      // Written once the bytes are known to be a photo; a request racing this one for the same
      // id or key finds the row and is told to try again later.
      const row = await db
        .insertInto('photos')
        .values({
          id: photoId,
          organization_id: upload.organizationId,
          ...upload.fields,
          content_type: contentType,
          taken_at: upload.query.takenAt ? new Date(upload.query.takenAt) : null,
          created_by: user.id,
          idempotency_key: upload.idempotencyKey,
        })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row)
        throw new HttpError(
          409,
          'This photo is being uploaded by another request',
          'PHOTO_UPLOAD_IN_PROGRESS',
        );
      inserted = true;
    });
    await db
      .updateTable('photos')
      .set({ complete: true, size: stored.size, sha256: stored.sha256 })
      .where('id', '=', photoId)
      .execute();
  } catch (error) {
    // Nothing of a failed upload stays: its chunks go with the row.
    if (inserted) await db.deleteFrom('photos').where('id', '=', photoId).execute();
    throw uploadError(error);
  }
  return toPhotoInfo(await selectPhotos(db).where('p.id', '=', photoId).executeTakeFirstOrThrow());
}

/** The upload's own refusals as they are; the stream's as the client's fault, never a 500. */
function uploadError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return photoTooLarge();
  if (error instanceof Error && /end of|aborted|premature|truncat/i.test(error.message))
    return badRequest('The upload ended before the photo did');
  return error;
}

/** A complete photo of the user's organizations (404 for none, 403 for another's). */
export async function findPhoto(db: Kysely<Database>, user: AuthUser, photoId: string): Promise<PhotoRow> {
  const row = await selectPhotos(db)
    .where('p.id', '=', photoId.toLowerCase())
    .where('p.complete', '=', true)
    .executeTakeFirst();
  if (!row) throw notFound('Photo not found');
  assertMember(user, row.organization_id);
  return row;
}

/** The photos of a residence (its assessments' too) or of an assessment, oldest first. */
export async function listPhotos(
  db: Kysely<Database>,
  user: AuthUser,
  query: PhotoListQuery,
): Promise<PhotoInfo[]> {
  if (query.residenceId === undefined && query.assessmentId === undefined)
    throw badRequest('Give a residenceId or an assessmentId');
  let select = selectPhotos(db).where('p.complete', '=', true);
  if (query.residenceId !== undefined) {
    const residence = await findResidence(db, user, query.residenceId.toLowerCase());
    select = select.where('p.residence_id', '=', residence.id);
  }
  if (query.assessmentId !== undefined) {
    const assessment = await findAssessment(db, user, query.assessmentId.toLowerCase(), {
      includeCancelled: true,
    });
    select = select.where('p.assessment_id', '=', assessment.id);
  }
  const rows = await select.orderBy('p.created_at').orderBy('p.id').execute();
  return rows.map(toPhotoInfo);
}

/** Deletes a photo with the rights of an answer: write role (the route), member, and an assessment that takes answers. */
export async function deletePhoto(db: Kysely<Database>, user: AuthUser, photoId: string): Promise<void> {
  const photo = await findPhoto(db, user, photoId);
  if (photo.assessment_id !== null) {
    const assessment = await findAssessment(db, user, photo.assessment_id, { includeCancelled: true });
    assertEditable(assessment.status);
  }
  await db.deleteFrom('photos').where('id', '=', photo.id).execute();
}
