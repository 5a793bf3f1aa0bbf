import type { PhotoContentType } from '../contract/photos';

/**
 * A photo's type by its first bytes (docs/api.md "Extensions", photos), never by a declared
 * type or a file name: JPEG (FF D8 FF), PNG (89 'PNG' 0D 0A 1A 0A) or WebP ('RIFF' … 'WEBP').
 * Needs the first 12 bytes; null for anything else.
 */
export const PHOTO_SIGNATURE_BYTES = 12;

export function photoContentType(head: Uint8Array): PhotoContentType | null {
  const at = (offset: number, bytes: readonly number[]) =>
    head.length >= offset + bytes.length && bytes.every((b, i) => head[offset + i] === b);
  if (at(0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50])) return 'image/webp';
  return null;
}
