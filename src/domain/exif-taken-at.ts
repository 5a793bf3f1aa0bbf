/**
 * The one thing a photo's EXIF may tell us: when it was taken. Everything else in it (where the
 * home is, the phone that took it) is dropped when the photo is shrunk, and this reads the time
 * from the original first. Reads bytes someone else wrote, possibly cut short (only the start of
 * the file is read), so every offset is checked against the buffer and anything odd is null:
 * these functions never throw (docs/architecture.md 4 "Photos").
 */

const EXIF_HEADER = [0x45, 0x78, 0x69, 0x66, 0, 0]; // "Exif\0\0"
const SOS = 0xda;
const EOI = 0xd9;

const TAG_DATE_TIME = 0x0132;
const TAG_EXIF_IFD = 0x8769;
const TAG_GPS_IFD = 0x8825;
const TAG_DATE_TIME_ORIGINAL = 0x9003;
const TAG_OFFSET_TIME = 0x9010;
const TAG_OFFSET_TIME_ORIGINAL = 0x9011;
const TYPE_ASCII = 2;
const TYPE_LONG = 4;
/** TIFF's own type for a pointer to an IFD, which some writers use instead of LONG. */
const TYPE_IFD = 13;

/**
 * When the photo was taken, as ISO 8601: with its UTC offset when the camera wrote one, else as
 * local time without a zone.
 */
export function exifTakenAt(bytes: Uint8Array): string | null {
  const tiff = exifTiff(bytes);
  if (!tiff) return null;
  const ifd0 = tiff.ifd(tiff.u32(4));
  const exifIfd = ifd0 ? tiff.ifd(pointer(tiff, ifd0.get(TAG_EXIF_IFD))) : null;
  const original = isoTime(tiff.ascii(exifIfd?.get(TAG_DATE_TIME_ORIGINAL)));
  if (original) return withOffset(original, tiff.ascii(exifIfd?.get(TAG_OFFSET_TIME_ORIGINAL)));
  // Some cameras and editors write only IFD0's DateTime; its offset is OffsetTime.
  const changed = isoTime(tiff.ascii(ifd0?.get(TAG_DATE_TIME)));
  return changed ? withOffset(changed, tiff.ascii(exifIfd?.get(TAG_OFFSET_TIME))) : null;
}

/** Whether any APP1 segment before the image data holds EXIF. */
export function hasExif(bytes: Uint8Array): boolean {
  return exifSegments(bytes).length > 0;
}

/** Whether the EXIF holds a GPS IFD, i.e. where the photo was taken. */
export function hasGps(bytes: Uint8Array): boolean {
  return exifSegments(bytes).some(({ start, end }) => {
    const tiff = tiffReader(bytes, start, end);
    const ifd0 = tiff?.ifd(tiff.u32(4));
    return ifd0?.has(TAG_GPS_IFD) ?? false;
  });
}

/** Where an IFD entry's value starts, and its type and count. */
interface Entry {
  type: number;
  count: number;
  at: number;
}

interface TiffReader {
  u32: (offset: number | null) => number | null;
  ifd: (offset: number | null) => Map<number, Entry> | null;
  ascii: (entry: Entry | undefined) => string | null;
}

function exifTiff(bytes: Uint8Array): TiffReader | null {
  for (const { start, end } of exifSegments(bytes)) {
    const tiff = tiffReader(bytes, start, end);
    if (tiff) return tiff;
  }
  return null;
}

/** The TIFF data (after "Exif\0\0") of each EXIF APP1 segment, cut to what the buffer holds. */
function exifSegments(bytes: Uint8Array): { start: number; end: number }[] {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return [];
  const found: { start: number; end: number }[] = [];
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) break;
    const marker = bytes[at + 1];
    if (marker === 0xff) {
      at += 1; // a fill byte before the marker
      continue;
    }
    if (marker === SOS || marker === EOI) break;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // a marker without a length
      continue;
    }
    const length = (bytes[at + 2] << 8) | bytes[at + 3];
    if (length < 2) break;
    const data = at + 4;
    const end = Math.min(at + 2 + length, bytes.length);
    if (marker === 0xe1 && startsWith(bytes, data, end, EXIF_HEADER)) {
      found.push({ start: data + EXIF_HEADER.length, end });
    }
    at += 2 + length;
  }
  return found;
}

function startsWith(bytes: Uint8Array, at: number, end: number, prefix: readonly number[]): boolean {
  return at + prefix.length <= end && prefix.every((b, i) => bytes[at + i] === b);
}

/** The TIFF structure at `start`: its offsets count from `start`, and nothing at or past `end` is read. */
function tiffReader(bytes: Uint8Array, start: number, end: number): TiffReader | null {
  if (end - start < 8) return null;
  const order = (bytes[start] << 8) | bytes[start + 1];
  if (order !== 0x4949 && order !== 0x4d4d) return null;
  const little = order === 0x4949;
  const inside = (offset: number, size: number) => offset >= 0 && start + offset + size <= end;
  const byte = (offset: number) => bytes[start + offset];
  const u16 = (offset: number) => {
    if (!inside(offset, 2)) return null;
    return little ? byte(offset) | (byte(offset + 1) << 8) : (byte(offset) << 8) | byte(offset + 1);
  };
  const u32 = (offset: number | null) => {
    if (offset === null || !inside(offset, 4)) return null;
    const [a, b] = little ? [u16(offset + 2)!, u16(offset)!] : [u16(offset)!, u16(offset + 2)!];
    return a * 0x10000 + b;
  };
  if (u16(2) !== 42) return null;
  const ifd = (offset: number | null) => {
    const count = offset === null ? null : u16(offset);
    if (offset === null || count === null || !inside(offset + 2, count * 12)) return null;
    const entries = new Map<number, Entry>();
    for (let i = 0; i < count; i++) {
      const at = offset + 2 + i * 12;
      const type = u16(at + 2)!;
      const n = u32(at + 4)!;
      const size = n * (TYPE_SIZE[type] ?? 0);
      entries.set(u16(at)!, { type, count: n, at: size <= 4 ? at + 8 : u32(at + 8)! });
    }
    return entries;
  };
  const ascii = (entry: Entry | undefined) => {
    if (!entry || entry.type !== TYPE_ASCII || !inside(entry.at, entry.count)) return null;
    let text = '';
    for (let i = 0; i < entry.count && byte(entry.at + i) !== 0; i++)
      text += String.fromCharCode(byte(entry.at + i));
    return text;
  };
  return { u32, ifd, ascii };
}

/** Bytes per value of each TIFF type; an unknown type's entry is read in place, never followed. */
const TYPE_SIZE: Record<number, number> = {
  1: 1,
  2: 1,
  3: 2,
  4: 4,
  5: 8,
  6: 1,
  7: 1,
  8: 2,
  9: 4,
  10: 8,
  13: 4,
};

function pointer(tiff: TiffReader, entry: Entry | undefined): number | null {
  const isPointer = entry && (entry.type === TYPE_LONG || entry.type === TYPE_IFD) && entry.count === 1;
  return isPointer ? tiff.u32(entry.at) : null;
}

/**
 * "YYYY:MM:DD HH:MM:SS" as "YYYY-MM-DDTHH:MM:SS", if it is a real moment: cameras write zeros or
 * blanks when they do not know.
 */
function isoTime(text: string | null): string | null {
  const m = /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text?.trim() ?? '');
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  const realDay =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  if (year < 1900 || !realDay || hour > 23 || minute > 59 || second > 59) return null;
  return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}`;
}

/** The time with its offset ("+01:00") when that is a real one, else the local time alone. */
function withOffset(time: string, offset: string | null): string {
  const m = /^([+-])(\d{2}):(\d{2})$/.exec(offset?.trim() ?? '');
  if (!m || Number(m[2]) > 14 || Number(m[3]) > 59) return time;
  return `${time}${m[0]}`;
}
