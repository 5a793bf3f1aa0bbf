import { Type, type Static } from 'typebox';
import { IdempotencyKey, Nullable, Uuid } from './common';
import { MAX_ID_LENGTH } from './limits';

/**
 * Photos as evidence (docs/api.md "Extensions"): `POST /api/v2/photos`, `GET /api/v2/photos`,
 * `GET` and `DELETE /api/v2/photos/{photoId}`. Not part of the spec's API: a server announces
 * them in staticcontent's `extensions`, and the app offers photos only then.
 */

/** The name staticcontent's `extensions` lists when the server keeps photos. */
export const PHOTOS_EXTENSION = 'photos';

/** What the server stores, by the bytes' magic number (never the declared type). */
export const PHOTO_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoContentType = (typeof PHOTO_CONTENT_TYPES)[number];

/**
 * The upload's fields, in the query string: checked, with the caller's rights, before a byte of
 * the photo is read. The photo is the multipart body's one file part.
 */
export const PhotoUploadQuery = Type.Object({
  /** Chosen by the client, so that a photo taken offline has its id before it is sent. */
  photoId: Uuid,
  residenceId: Uuid,
  /** The assessment whose question (or which as a whole) the photo documents. */
  assessmentId: Type.Optional(Uuid),
  /** Only with assessmentId. */
  questionUniqueId: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_ID_LENGTH })),
  /** When it was taken (ISO 8601): the one field kept of the photo's EXIF. */
  takenAt: Type.Optional(Type.String({ format: 'date-time', maxLength: 40 })),
});
export type PhotoUploadQuery = Static<typeof PhotoUploadQuery>;

/** The upload's Idempotency-Key is required: the same key twice stores one photo. */
export const PhotoUploadHeaders = Type.Object({ 'idempotency-key': IdempotencyKey });
export type PhotoUploadHeaders = Static<typeof PhotoUploadHeaders>;

export const PhotoParams = Type.Object({ photoId: Uuid });
export type PhotoParams = Static<typeof PhotoParams>;

/** The photos of a residence (all of them, its assessments' too) or of one assessment. */
export const PhotoListQuery = Type.Object({
  residenceId: Type.Optional(Uuid),
  assessmentId: Type.Optional(Uuid),
});
export type PhotoListQuery = Static<typeof PhotoListQuery>;

export const PhotoInfo = Type.Object({
  photoId: Uuid,
  residenceId: Uuid,
  assessmentId: Nullable(Uuid),
  questionUniqueId: Nullable(Type.String()),
  contentType: Type.Enum([...PHOTO_CONTENT_TYPES], { type: 'string' }),
  /** Bytes. */
  size: Type.Integer({ minimum: 0 }),
  /** sha256 of the bytes, hex: also the ETag of `GET /api/v2/photos/{photoId}`. */
  sha256: Type.String(),
  takenAt: Nullable(Type.String()),
  createdAt: Type.String(),
  /** The display name of who took it. */
  createdBy: Type.String(),
});
export type PhotoInfo = Static<typeof PhotoInfo>;

export const PhotoList = Type.Array(PhotoInfo);
export type PhotoList = Static<typeof PhotoList>;
