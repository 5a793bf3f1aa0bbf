import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exifTakenAt, hasExif, hasGps } from '../../src/domain/exif-taken-at';
import { cameraJpeg, exifSegment, withSegment, type CameraJpegOptions } from '../fixtures/camera-jpeg';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}([+-]\d{2}:\d{2})?$/;

/** A tiny photo without metadata: what is read here is the EXIF, not the picture. */
const PLAIN = cameraJpeg({ width: 16, height: 16 });

/** The photo with the EXIF segment a camera would write for `options`, right after SOI. */
const photo = (options: Omit<CameraJpegOptions, 'width' | 'height'>) =>
  withSegment(PLAIN, exifSegment(options));

const PHONE = {
  takenAt: '2026:11:28 14:03:22',
  offset: '+01:00',
  orientation: 6,
  gps: true,
  make: 'Camerafabrik',
  model: 'Fotofon X-34',
} as const;

/** Where the TIFF data starts in `photo(...)`: after SOI, the APP1 marker, its length and "Exif\0\0". */
const TIFF = 2 + 4 + 6;

/** The position of IFD0's entry for `tag` in `photo(...)`, whose IFD0 starts at TIFF + 8. */
function ifd0Entry(bytes: Uint8Array, tag: number): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  const little = bytes[TIFF] === 0x49;
  const count = view.getUint16(TIFF + 8, little);
  for (let i = 0; i < count; i++) {
    const at = TIFF + 10 + i * 12;
    if (view.getUint16(at, little) === tag) return at;
  }
  throw new Error(`no tag ${tag.toString(16)}`);
}

function setU32(bytes: Uint8Array, at: number, value: number): Uint8Array {
  const copy = bytes.slice();
  new DataView(copy.buffer).setUint32(at, value, copy[TIFF] === 0x49);
  return copy;
}

describe('when a photo was taken, from its EXIF', () => {
  it('reads DateTimeOriginal with its offset, little-endian (Android phones)', () => {
    const bytes = photo({ ...PHONE, byteOrder: 'II' });
    expect(exifTakenAt(bytes)).toBe('2026-11-28T14:03:22+01:00');
    expect(hasExif(bytes)).toBe(true);
    expect(hasGps(bytes)).toBe(true);
  });

  it('reads it big-endian too (iPhones), and a negative offset', () => {
    expect(exifTakenAt(photo({ ...PHONE, byteOrder: 'MM' }))).toBe('2026-11-28T14:03:22+01:00');
    expect(exifTakenAt(photo({ ...PHONE, byteOrder: 'MM', offset: '-05:00' }))).toBe(
      '2026-11-28T14:03:22-05:00',
    );
  });

  it('gives local time without a zone when the camera wrote no offset', () => {
    expect(exifTakenAt(photo({ takenAt: '2026:11:28 14:03:22', byteOrder: 'MM' }))).toBe(
      '2026-11-28T14:03:22',
    );
    expect(exifTakenAt(photo({ takenAt: '2026:11:28 14:03:22', byteOrder: 'II' }))).toBe(
      '2026-11-28T14:03:22',
    );
  });

  it('prefers DateTimeOriginal and falls back on IFD0 DateTime', () => {
    expect(exifTakenAt(photo({ takenAt: '2026:11:28 14:03:22', dateTime: '2027:01:02 03:04:05' }))).toBe(
      '2026-11-28T14:03:22',
    );
    expect(exifTakenAt(photo({ dateTime: '2027:01:02 03:04:05', make: 'Camerafabrik' }))).toBe(
      '2027-01-02T03:04:05',
    );
  });

  it('finds the EXIF after a JFIF segment as well as before it', () => {
    expect(hasExif(PLAIN)).toBe(false);
    // jpeg-js writes SOI, then APP0 "JFIF" of 16 bytes plus its marker.
    const afterJfif = new Uint8Array([
      ...PLAIN.subarray(0, 20),
      ...exifSegment(PHONE),
      ...PLAIN.subarray(20),
    ]);
    expect(exifTakenAt(afterJfif)).toBe('2026-11-28T14:03:22+01:00');
    expect(hasExif(afterJfif)).toBe(true);
  });

  it('is null without EXIF, or when the photo has no time', () => {
    expect(exifTakenAt(PLAIN)).toBeNull();
    expect(exifTakenAt(photo({ make: 'Camerafabrik', gps: true }))).toBeNull();
    expect(exifTakenAt(new Uint8Array(0))).toBeNull();
    expect(exifTakenAt(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeNull();
    // An XMP segment is APP1 too, but not EXIF.
    const xmp = new TextEncoder().encode('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta/>');
    const xmpSegment = new Uint8Array([0xff, 0xe1, 0, xmp.length + 2, ...xmp]);
    expect(hasExif(withSegment(PLAIN, xmpSegment))).toBe(false);
    // Bytes in or after the image data (from SOS on) are not the photo's metadata.
    expect(hasExif(new Uint8Array([...PLAIN, ...exifSegment(PHONE)]))).toBe(false);
    const sos = [0xff, 0xda, 0, 2];
    expect(hasExif(new Uint8Array([0xff, 0xd8, ...sos, ...exifSegment(PHONE)]))).toBe(false);
    expect(exifTakenAt(new Uint8Array([0xff, 0xd8, ...sos, ...exifSegment(PHONE)]))).toBeNull();
  });

  it('is null for the dates cameras write when they do not know, and for impossible ones', () => {
    for (const takenAt of [
      '0000:00:00 00:00:00',
      '    :  :     :  :  ',
      '2026:02:30 10:00:00',
      '2026:11:28 24:00:00',
      '2026-11-28 14:03:22',
      '',
    ])
      expect(exifTakenAt(photo({ takenAt })), takenAt).toBeNull();
  });

  it('leaves out an offset that is not one', () => {
    for (const offset of ['+1:00', '01:00', '+25:00', 'Z', '   :  '])
      expect(exifTakenAt(photo({ takenAt: '2026:11:28 14:03:22', offset })), offset).toBe(
        '2026-11-28T14:03:22',
      );
  });

  it('reads what arrived of a file cut short, and never throws on the rest', () => {
    const bytes = photo({ ...PHONE, byteOrder: 'MM' });
    const segmentEnd = 4 + ((bytes[4]! << 8) | bytes[5]!);
    const seen = new Set<string | null>();
    for (let length = 0; length <= segmentEnd + 8; length++) seen.add(exifTakenAt(bytes.subarray(0, length)));
    // Cut inside the offset's text the time stands alone; cut before the time, nothing.
    expect([...seen]).toEqual([null, '2026-11-28T14:03:22', '2026-11-28T14:03:22+01:00']);
    expect(exifTakenAt(bytes.subarray(0, segmentEnd))).toBe('2026-11-28T14:03:22+01:00');
  });

  it('is null for a broken TIFF header, IFD or segment length', () => {
    const bytes = photo({ ...PHONE, byteOrder: 'II' });
    const broken = (at: number, ...values: number[]) => {
      const copy = bytes.slice();
      copy.set(values, at);
      return copy;
    };
    expect(exifTakenAt(broken(TIFF, 0x49, 0x4d))).toBeNull(); // byte order "IM"
    expect(exifTakenAt(broken(TIFF + 2, 43, 0))).toBeNull(); // not TIFF's 42
    expect(exifTakenAt(setU32(bytes, TIFF + 4, 0xfffffff0))).toBeNull(); // IFD0 past the end
    expect(exifTakenAt(broken(TIFF + 8, 0xff, 0xff))).toBeNull(); // 65535 entries
    expect(exifTakenAt(broken(4, 0, 1))).toBeNull(); // a segment length below 2
    expect(exifTakenAt(broken(4, 0, 12))).toBeNull(); // a segment too short for its TIFF
    expect(exifTakenAt(broken(2, 0x00, 0xe1))).toBeNull(); // no marker where one belongs
  });

  it('falls back on DateTime when the ExifIFD pointer or the time is out of bounds', () => {
    const bytes = photo({ ...PHONE, dateTime: '2027:01:02 03:04:05' });
    const exifPointer = ifd0Entry(bytes, 0x8769) + 8;
    expect(exifTakenAt(setU32(bytes, exifPointer, 0x7fffffff))).toBe('2027-01-02T03:04:05');
    expect(exifTakenAt(setU32(bytes, exifPointer, 3))).toBe('2027-01-02T03:04:05');
    const dateTimeValue = ifd0Entry(bytes, 0x0132) + 8;
    expect(exifTakenAt(setU32(setU32(bytes, exifPointer, 0xffff), dateTimeValue, 0xffff))).toBeNull();
  });

  it('never throws, whatever the bytes', () => {
    const valid = photo({ ...PHONE, byteOrder: 'MM' });
    const exifHeader = [0xff, 0xd8, 0xff, 0xe1];
    fc.assert(
      fc.property(
        fc.oneof(
          fc.uint8Array({ maxLength: 600 }),
          // Past the markers into the TIFF parser: a valid start, random after it.
          fc
            .tuple(
              fc.integer({ min: 0, max: 0xffff }),
              fc.constantFrom('II*\0', 'MM\0*'),
              fc.uint8Array({ maxLength: 600 }),
            )
            .map(([length, order, rest]) =>
              Uint8Array.from([
                ...exifHeader,
                length >> 8,
                length & 0xff,
                ...'Exif\0\0'.split('').map((c) => c.charCodeAt(0)),
                ...[...order].map((c) => c.charCodeAt(0)),
                ...rest,
              ]),
            ),
          // A real camera's EXIF with bytes changed here and there.
          fc
            .array(fc.tuple(fc.nat(valid.length - 1), fc.integer({ min: 0, max: 255 })), { maxLength: 12 })
            .map((changes) => {
              const copy = valid.slice();
              for (const [at, value] of changes) copy[at] = value;
              return copy;
            }),
        ),
        (bytes) => {
          const takenAt = exifTakenAt(bytes);
          expect(takenAt === null || ISO.test(takenAt)).toBe(true);
          expect(typeof hasExif(bytes)).toBe('boolean');
          expect(typeof hasGps(bytes)).toBe('boolean');
        },
      ),
      { numRuns: 2000 },
    );
  });
});
