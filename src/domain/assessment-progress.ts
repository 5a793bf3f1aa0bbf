/** docs/product.md 2 and 9: any nonzero progress shows at least 25 %; 100 % gets the check mark. */
export const PROGRESS_FLOOR_PERCENT = 25;

export function displayedProgress(share: number): number {
  if (share <= 0) return 0;
  return Math.min(100, Math.max(PROGRESS_FLOOR_PERCENT, Math.round(share * 100)));
}

export type ScreeningOutcome = 'screeningMissing' | 'screeningNone' | 'screeningSome' | 'screeningAll';

/** docs/product.md 4: none (all 5 types excluded), some, all, or missing questions. */
export function screeningOutcome(complete: boolean, excludedCount: number): ScreeningOutcome {
  if (!complete) return 'screeningMissing';
  if (excludedCount >= 5) return 'screeningNone';
  return excludedCount === 0 ? 'screeningAll' : 'screeningSome';
}
