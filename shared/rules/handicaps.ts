/**
 * Handicap types (relevance keys), docs/architecture.md 3. The five that screening decides on
 * come first; the two fixed ones are always removed from the included list and their
 * questions are optional (docs/product.md 9).
 */
export const SCREENED_HANDICAPS = ['wheelchair', 'mobility', 'vision', 'hearing', 'cognitive'] as const;
export const FIXED_OPTIONAL_HANDICAPS = ['allergy', 'reading'] as const;
export const HANDICAP_TYPES = [...SCREENED_HANDICAPS, ...FIXED_OPTIONAL_HANDICAPS] as const;

export type ScreenedHandicap = (typeof SCREENED_HANDICAPS)[number];
export type HandicapType = (typeof HANDICAP_TYPES)[number];

export function isHandicapType(value: string): value is HandicapType {
  return (HANDICAP_TYPES as readonly string[]).includes(value);
}
