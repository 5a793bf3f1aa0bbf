import { beforeAll, describe, expect, it, vi } from 'vitest';
import { commands } from 'vitest/browser';
import { exifTakenAt, hasExif, hasGps } from '../../src/domain/exif-taken-at';
import { shrinkPhoto, type ShrunkPhoto } from '../../src/photos/shrink-photo';
import type { CameraJpegOptions } from '../fixtures/camera-jpeg';

declare module 'vitest/browser' {
  interface BrowserCommands {
    /** tests/fixtures/camera-jpeg.ts run in Node (vitest.config.ts), the bytes base64-encoded. */
    cameraJpeg: (options: CameraJpegOptions) => Promise<string>;
  }
}

const MAKE = 'Camerafabrik';
const MODEL = 'Fotofon X-34';

async function cameraPhoto(options: CameraJpegOptions): Promise<Blob> {
  const bytes = Uint8Array.from(atob(await commands.cameraJpeg(options)), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type: 'image/jpeg' });
}

const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());

function contains(bytes: Uint8Array, text: string): boolean {
  const needle = [...text].map((c) => c.charCodeAt(0));
  for (let at = bytes.indexOf(needle[0]!); at !== -1; at = bytes.indexOf(needle[0]!, at + 1)) {
    if (needle.every((b, i) => bytes[at + i] === b)) return true;
  }
  return false;
}

/** The application segments (APP0–APP15) before the image data, by the name each starts with. */
function appSegments(bytes: Uint8Array): string[] {
  const names: string[] = [];
  for (let at = 2; at + 4 <= bytes.length && bytes[at] === 0xff && bytes[at + 1] !== 0xda;) {
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (bytes[at + 1]! >= 0xe0 && bytes[at + 1]! <= 0xef) {
      const data = bytes.subarray(at + 4, at + 2 + length);
      names.push(String.fromCharCode(...data.subarray(0, Math.max(0, data.indexOf(0)))));
    }
    at += 2 + length;
  }
  return names;
}

async function decoded(
  blob: Blob,
): Promise<{ width: number; height: number; isRed: (x: number, y: number) => boolean }> {
  const bitmap = await createImageBitmap(blob);
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d')!;
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  return {
    width: canvas.width,
    height: canvas.height,
    isRed: (x, y) => {
      const [r, g, b] = context.getImageData(x, y, 1, 1).data;
      return r! > 180 && g! < 90 && b! < 90;
    },
  };
}

describe('a photo taken on a phone is made small before it is stored', () => {
  // Made and shrunk once for the first three tests: a 12-megapixel photo takes a few seconds.
  let camera: Blob;
  let shrunk: ShrunkPhoto;
  beforeAll(async () => {
    // 4000 × 3000 with a sensor's noise: 4.5 MB, like a phone's 12-megapixel photo.
    camera = await cameraPhoto({
      width: 4000,
      height: 3000,
      orientation: 1,
      takenAt: '2026:11:28 14:03:22',
      offset: '+01:00',
      gps: true,
      make: MAKE,
      model: MODEL,
    });
    shrunk = await shrinkPhoto(camera);
  });

  it('becomes a JPEG of 1600 px on the long edge, its shape kept', async () => {
    expect(shrunk).toMatchObject({
      width: 1600,
      height: 1200,
      type: 'image/jpeg',
      originalBytes: camera.size,
    });
    const image = await decoded(shrunk.blob);
    expect([image.width, image.height]).toEqual([1600, 1200]);
    expect(shrunk.blob.type).toBe('image/jpeg');
    expect([...(await bytesOf(shrunk.blob)).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  });

  it('keeps when it was taken and loses where, and with what, it was taken', async () => {
    const original = await bytesOf(camera);
    // The photo does carry all of it, so the checks on the copy below can fail.
    expect(appSegments(original)).toContain('Exif');
    expect([
      hasExif(original),
      hasGps(original),
      contains(original, MAKE),
      contains(original, MODEL),
    ]).toEqual([true, true, true, true]);

    // The camera's time with its offset, as the instant the server stores.
    expect(shrunk.takenAt).toBe('2026-11-28T13:03:22.000Z');
    const copy = await bytesOf(shrunk.blob);
    expect(hasExif(copy)).toBe(false);
    expect(hasGps(copy)).toBe(false);
    expect(exifTakenAt(copy)).toBeNull();
    expect(contains(copy, MAKE) || contains(copy, MODEL)).toBe(false);
    // No EXIF, XMP or maker's segment at all: only JFIF's, and the sRGB colour profile Chrome's
    // encoder adds (the same 472 bytes for every photo).
    expect(appSegments(copy).filter((name) => name !== 'JFIF' && name !== 'ICC_PROFILE')).toEqual([]);
  });

  it('is under 300 KB, even from a noisy 12-megapixel photo', () => {
    // Measured in Chromium 150: 4.5 MB in, 184 KB out (a fixture without noise: 0.8 MB in, 86 KB out).
    expect(shrunk.blob.size).toBeLessThan(300 * 1024);
    expect(shrunk.blob.size).toBeLessThan(camera.size / 10);
  });

  it('stays portrait when the phone was held upright (EXIF orientation 6)', async () => {
    // The sensor stores it landscape, 2000 × 1500, with the red corner at its top-left; turned a
    // quarter clockwise for display, that corner is the top-right one.
    const upright = await cameraPhoto({ width: 2000, height: 1500, orientation: 6, noise: 8 });
    const portrait = await shrinkPhoto(upright);
    expect([portrait.width, portrait.height]).toEqual([1200, 1600]);
    const image = await decoded(portrait.blob);
    expect([image.width, image.height]).toEqual([1200, 1600]);
    expect(image.isRed(1200 - 20, 20)).toBe(true);
    expect(image.isRed(20, 20)).toBe(false);
    expect(image.isRed(1200 - 20, 1600 - 20)).toBe(false);
  });

  it('is not enlarged when it is already small, and is shrunk without OffscreenCanvas too', async () => {
    const small = await cameraPhoto({ width: 800, height: 600, takenAt: '2026:05:01 09:30:00', make: MAKE });
    const kept = await shrinkPhoto(small);
    // Without an offset the camera's time is the device's local time.
    expect(kept).toMatchObject({
      width: 800,
      height: 600,
      takenAt: new Date('2026-05-01T09:30:00').toISOString(),
    });
    const image = await decoded(kept.blob);
    expect([image.width, image.height]).toEqual([800, 600]);
    expect(hasExif(await bytesOf(kept.blob))).toBe(false);

    // Safari before 16.4 has no OffscreenCanvas: a canvas element does the same.
    vi.stubGlobal('OffscreenCanvas', undefined);
    const onElement = await shrinkPhoto(small, { maxEdge: 400 }).finally(() => vi.unstubAllGlobals());
    expect([onElement.width, onElement.height]).toEqual([400, 300]);
    const copy = await bytesOf(onElement.blob);
    expect([...copy.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(hasExif(copy)).toBe(false);
    expect((await decoded(onElement.blob)).width).toBe(400);
  });

  it('refuses a file that is not a picture, with a text key the screen can show', async () => {
    const notes = new Blob(['Trappen har 14 trin.'], { type: 'image/jpeg' });
    await expect(shrinkPhoto(notes)).rejects.toThrow('photos.notAnImage');
  });
});
