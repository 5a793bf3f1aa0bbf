import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { PhotoContentType } from '../../../shared/contract/photos';
import { PHOTO_SIGNATURE_BYTES, photoContentType } from '../../../shared/rules/photo-type';
import type { Database } from '../db/schema';
import { HttpError } from '../errors';

/**
 * A photo's bytes in PostgreSQL (migration 0019, docs/architecture.md "Photos"): written and read
 * a chunk of CHUNK_BYTES at a time, so a process holds at most one chunk of each upload or
 * download in memory, whatever the photo's size. Each chunk is its own statement, not one long
 * transaction: a slow phone's upload does not hold a pooled connection while it trickles in.
 */
export const CHUNK_BYTES = 256 * 1024;

export const photoTypeNotAllowed = () =>
  new HttpError(415, 'A photo must be a JPEG, PNG or WebP image', 'PHOTO_TYPE_NOT_ALLOWED');

export const photoTooLarge = () => new HttpError(413, 'A photo may be at most 5 MB', 'PHOTO_TOO_LARGE');

export interface StoredBytes {
  contentType: PhotoContentType;
  size: number;
  sha256: string;
}

/**
 * Reads the upload and hands each full chunk to `write` (none when `write` is null: the bytes
 * are only hashed, for a repeated Idempotency-Key). The type is checked on the first bytes,
 * before anything is written. Throws what the stream throws (cut short, over the size limit).
 */
export async function consumePhoto(
  stream: Readable,
  write: ((seq: number, data: Buffer) => Promise<void>) | null,
  onType: (contentType: PhotoContentType) => Promise<void> = async () => {},
): Promise<StoredBytes> {
  const hash = createHash('sha256');
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let size = 0;
  let seq = 0;
  let contentType: PhotoContentType | null = null;
  const flush = async (all: boolean) => {
    while (pendingBytes >= CHUNK_BYTES || (all && pendingBytes > 0)) {
      const joined = Buffer.concat(pending);
      const chunk = joined.subarray(0, CHUNK_BYTES);
      const rest = joined.subarray(chunk.length);
      pending = rest.length > 0 ? [rest] : [];
      pendingBytes = rest.length;
      if (write) await write(seq, Buffer.from(chunk));
      seq += 1;
    }
  };
  for await (const piece of stream as AsyncIterable<Buffer>) {
    hash.update(piece);
    size += piece.length;
    pending.push(piece);
    pendingBytes += piece.length;
    if (contentType === null && pendingBytes >= PHOTO_SIGNATURE_BYTES) {
      contentType = photoContentType(Buffer.concat(pending).subarray(0, PHOTO_SIGNATURE_BYTES));
      if (contentType === null) throw photoTypeNotAllowed();
      await onType(contentType);
    }
    await flush(false);
  }
  if (contentType === null) throw photoTypeNotAllowed();
  // Multipart's file stream ends early at its size limit and says so here.
  if ((stream as Readable & { truncated?: boolean }).truncated) throw photoTooLarge();
  await flush(true);
  return { contentType, size, sha256: hash.digest('hex') };
}

/** Writes one chunk of a photo whose row exists (not yet complete). */
export function chunkWriter(db: Kysely<Database>, photoId: string) {
  return async (seq: number, data: Buffer) => {
    await db.insertInto('photo_chunks').values({ photo_id: photoId, seq, data }).execute();
  };
}

/** The photo's bytes, a chunk at a time, in order. */
export async function* readPhoto(db: Kysely<Database>, photoId: string): AsyncGenerator<Buffer> {
  for (let seq = 0; ; seq++) {
    const row = await db
      .selectFrom('photo_chunks')
      .select('data')
      .where('photo_id', '=', photoId)
      .where('seq', '=', seq)
      .executeTakeFirst();
    if (!row) return;
    // PGlite answers a Uint8Array, node-postgres a Buffer.
    yield Buffer.isBuffer(row.data) ? row.data : Buffer.from(row.data);
  }
}

/** Uploads a process died in the middle of: incomplete a day after they began (jobs/background.ts). */
export async function pruneAbandonedUploads(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - 24 * 3600_000);
  const gone = await db
    .deleteFrom('photos')
    .where('complete', '=', false)
    .where('created_at', '<', cutoff)
    .executeTakeFirst();
  return Number(gone.numDeletedRows);
}
