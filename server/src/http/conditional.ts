/**
 * Whether an `If-None-Match` header names one of the current entity tags, by the weak
 * comparison RFC 9110 13.1.2 prescribes for it (`W/"x"` matches `"x"`); `*` matches any
 * current representation. A hit means the client's copy is current: answer 304.
 */
export function ifNoneMatchHits(header: string | undefined, current: readonly string[]): boolean {
  if (!header) return false;
  if (header.trim() === '*') return current.length > 0;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = new Set(current.map(opaque));
  return header.split(',').some((tag) => wanted.has(opaque(tag)));
}
