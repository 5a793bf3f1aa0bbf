import { exifTakenAt } from '../domain/exif-taken-at';

export interface ShrinkOptions {
  /** The long edge's limit in pixels: enough to read a sign on a door across a room. */
  maxEdge?: number;
  /** JPEG quality, 0–1: at 0.8 small text stays sharp and a photo stays around 200–300 KB. */
  quality?: number;
}

export interface ShrunkPhoto {
  blob: Blob;
  width: number;
  height: number;
  type: 'image/jpeg';
  /** When the photo was taken, from the original's EXIF (ISO 8601), or null when it did not say. */
  takenAt: string | null;
  originalBytes: number;
}

/**
 * EXIF sits in an APP1 segment at the start of the file, at most 64 KB; twice that leaves room
 * for the segments some phones write before it.
 */
const EXIF_HEAD_BYTES = 128 * 1024;

/**
 * A photo made small on the device before anything is stored or sent (docs/architecture.md 4
 * "Photos"): a phone's 3–6 MB camera JPEG becomes a JPEG of at most `maxEdge` pixels on the long
 * edge. Drawing it on a canvas and encoding it again keeps nothing of the original's EXIF (the
 * GPS position of a resident's home, the phone's make and model); the time it was taken is read
 * first and handed back on its own. The decoder turns the pixels by the EXIF orientation, since
 * the copy no longer carries it.
 *
 * Rejects with the message 'photos.notAnImage' (a text key) when the browser cannot decode the
 * file, and 'photos.couldNotShrink' when it cannot encode the result.
 */
export async function shrinkPhoto(file: Blob, options: ShrinkOptions = {}): Promise<ShrunkPhoto> {
  const maxEdge = options.maxEdge ?? 1600;
  const quality = options.quality ?? 0.8;
  const head = new Uint8Array(await file.slice(0, EXIF_HEAD_BYTES).arrayBuffer());
  const takenAt = asInstant(exifTakenAt(head));
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new Error('photos.notAnImage');
  }
  try {
    const scale = Math.min(1, maxEdge / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const blob = await encodeJpeg(bitmap, width, height, quality);
    return { blob, width, height, type: 'image/jpeg', takenAt, originalBytes: file.size };
  } finally {
    // The decoded pixels of a 12-megapixel photo take 48 MB: free them now, not at the next GC.
    bitmap.close();
  }
}

async function encodeJpeg(
  bitmap: ImageBitmap,
  width: number,
  height: number,
  quality: number,
): Promise<Blob> {
  let blob: Blob | null;
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(width, height);
    draw(canvas.getContext('2d'), bitmap, width, height);
    blob = await canvas.convertToBlob({ type: 'image/jpeg', quality });
  } else {
    // OffscreenCanvas came to Safari only in 16.4; an element canvas does the same on older phones.
    const canvas = Object.assign(document.createElement('canvas'), { width, height });
    draw(canvas.getContext('2d'), bitmap, width, height);
    blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
  }
  // A browser that cannot encode JPEG falls back to PNG, several times the size: refuse that too.
  if (!blob || blob.type !== 'image/jpeg') throw new Error('photos.couldNotShrink');
  return blob;
}

function draw(
  context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null,
  bitmap: ImageBitmap,
  width: number,
  height: number,
): void {
  if (!context) throw new Error('photos.couldNotShrink');
  // The default ('low') samples few source pixels when shrinking 2.5 times, and a sign's letters
  // alias.
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
}

/**
 * The time taken as an instant (ISO 8601 in UTC), as the server takes it: EXIF without an offset
 * is the camera's local time, read here as the device's own zone, where the photo was just taken.
 */
function asInstant(text: string | null): string | null {
  if (text === null) return null;
  const time = new Date(text);
  return Number.isNaN(time.getTime()) ? null : time.toISOString();
}
