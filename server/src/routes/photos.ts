import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MAX_PHOTO_BYTES } from '../../../shared/contract/limits';
import {
  PhotoInfo,
  PhotoList,
  PhotoListQuery,
  PhotoParams,
  PhotoUploadHeaders,
  PhotoUploadQuery,
} from '../../../shared/contract/photos';
import { requireUser } from '../auth/guard';
import { checkUpload, deletePhoto, findPhoto, listPhotos, uploadPhoto } from '../domain/photos';
import { photoTooLarge, readPhoto } from '../domain/photo-store';
import { badRequest } from '../errors';
import type { RouteDeps } from './deps';

/**
 * Multipart's own refusals as the client's fault: a body that is no multipart (no boundary, cut
 * before the photo's part) and parts beyond the one file, never a 500.
 */
function multipartError(error: unknown): unknown {
  const { code, statusCode } = (error ?? {}) as { code?: unknown; statusCode?: unknown };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return photoTooLarge();
  if (
    typeof statusCode === 'number' &&
    statusCode >= 400 &&
    statusCode < 500 &&
    code !== 'FST_PARTS_LIMIT' &&
    code !== 'FST_FIELDS_LIMIT'
  )
    return error;
  if (error instanceof Error)
    return badRequest('The upload must be multipart/form-data with the photo as its one file part');
  return error;
}

/** Room for the multipart envelope around the largest photo: boundaries and part headers. */
const ENVELOPE_BYTES = 64 * 1024;

/**
 * The photo calls (docs/api.md "Extensions", photos): ours, beyond the spec's API, announced in
 * staticcontent's `extensions`. Uploads are multipart with the photo as the one file part, its
 * fields in the query string, checked with the caller's rights before a byte is read; the bytes
 * go to PostgreSQL and come back a chunk at a time (domain/photo-store.ts). Multipart is parsed
 * in this scope only: no other route takes it.
 */
export const photoRoutes: FastifyPluginAsyncTypebox<Pick<RouteDeps, 'db' | 'guards'>> = async (
  app,
  { db, guards },
) => {
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 20 },
  });

  app.post(
    '/api/v2/photos',
    {
      preHandler: guards.requireWrite,
      compress: false,
      schema: { querystring: PhotoUploadQuery, headers: PhotoUploadHeaders, response: { 200: PhotoInfo } },
    },
    async (request) => {
      const user = requireUser(request);
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > MAX_PHOTO_BYTES + ENVELOPE_BYTES) throw photoTooLarge();
      if (!request.isMultipart()) throw badRequest('The photo is sent as multipart/form-data');
      const residence = await checkUpload(db, user, request.query);
      const part = await request.file().catch((error: unknown) => {
        throw multipartError(error);
      });
      if (!part) throw badRequest('The upload holds no photo');
      try {
        return await uploadPhoto(db, user, {
          query: request.query,
          organizationId: residence.organization_id,
          idempotencyKey: request.headers['idempotency-key'],
          file: part.file,
        });
      } finally {
        // A refusal before the end: the rest of the body is read and dropped.
        part.file.resume();
      }
    },
  );

  app.get(
    '/api/v2/photos',
    { schema: { querystring: PhotoListQuery, response: { 200: PhotoList } } },
    async (request) => listPhotos(db, requireUser(request), request.query),
  );

  app.get(
    '/api/v2/photos/:photoId',
    { compress: false, schema: { params: PhotoParams } },
    async (request, reply) => {
      const photo = await findPhoto(db, requireUser(request), request.params.photoId);
      // A photo never changes: its bytes' hash is its ETag, and the browser may keep it.
      const etag = `"${photo.sha256}"`;
      reply.header('etag', etag).header('cache-control', 'private, max-age=31536000, immutable');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply
        .header('content-type', photo.content_type)
        .header('content-length', photo.size)
        .header('x-content-type-options', 'nosniff')
        .send(Readable.from(readPhoto(db, photo.id)));
    },
  );

  app.delete(
    '/api/v2/photos/:photoId',
    { preHandler: guards.requireWrite, schema: { params: PhotoParams } },
    async (request, reply) => {
      await deletePhoto(db, requireUser(request), request.params.photoId);
      return reply.status(204).send();
    },
  );
};
