import type { BulkMode } from './bulk-mode';

/**
 * Guidance tips (docs/product.md 4 "Guidance tips"): four tips in a fixed order. The first
 * and the last open by themselves once; all four are remembered once shown, and the "Se tip"
 * button is highlighted while the page it stands on has a tip the user has not seen.
 */

export const GUIDANCE_TIPS = [
  'firstListVisit',
  'copyThenList',
  'copyThenSelectThenList',
  'summaryPage',
] as const;

export type GuidanceTipId = (typeof GUIDANCE_TIPS)[number];

/** Each tip's field in staticcontent's guidanceSettings (docs/product.md 3). */
export const GUIDANCE_SETTING_FIELDS = {
  firstListVisit: 'firstListVisitGuidance',
  copyThenList: 'copyThenListGuidance',
  copyThenSelectThenList: 'copyThenSelectThenListGuidance',
  summaryPage: 'summaryPageGuidance',
} as const satisfies Record<GuidanceTipId, string>;

/** The tips that open by themselves the first time their page is visited. */
const AUTOMATIC: readonly GuidanceTipId[] = ['firstListVisit', 'summaryPage'];

/**
 * The tips that belong to one page, by the tip a page asks for: a list without copying
 * explains the list and how to start a copy; a list while copying, choosing the targets; the
 * summary page, itself.
 */
const CONTEXT_OF: Record<GuidanceTipId, readonly GuidanceTipId[]> = {
  firstListVisit: ['firstListVisit', 'copyThenList'],
  copyThenList: ['firstListVisit', 'copyThenList'],
  copyThenSelectThenList: ['copyThenSelectThenList'],
  summaryPage: ['summaryPage'],
};

export function isGuidanceTip(value: unknown): value is GuidanceTipId {
  return GUIDANCE_TIPS.includes(value as GuidanceTipId);
}

/** The remembered list as stored: anything that is not a known tip is dropped. */
export function parseShownTips(value: unknown): GuidanceTipId[] {
  if (!Array.isArray(value)) return [];
  return GUIDANCE_TIPS.filter((tip) => value.includes(tip));
}

/** The list with one more tip, in the tips' order; the same array when it was there already. */
export function withShownTip(shown: readonly GuidanceTipId[], tip: GuidanceTipId): readonly GuidanceTipId[] {
  if (shown.includes(tip)) return shown;
  return GUIDANCE_TIPS.filter((t) => t === tip || shown.includes(t));
}

/** A tip that opens by itself opens only while it has never been shown. */
export function opensAutomatically(tip: GuidanceTipId, shown: readonly GuidanceTipId[]): boolean {
  return AUTOMATIC.includes(tip) && !shown.includes(tip);
}

/** The button is highlighted while a tip of its page has not been shown. */
export function hasNewTip(tip: GuidanceTipId, shown: readonly GuidanceTipId[]): boolean {
  return CONTEXT_OF[tip].some((t) => !shown.includes(t));
}

/** Where the dialog opens from the button: the page's first unseen tip, else the page's tip. */
export function tipToOpen(tip: GuidanceTipId, shown: readonly GuidanceTipId[]): GuidanceTipId {
  return CONTEXT_OF[tip].find((t) => !shown.includes(t)) ?? tip;
}

/** The tip of a residence list: choosing targets while copying, else the list itself. */
export function listGuidanceTip(mode: BulkMode): { tip: GuidanceTipId; auto: boolean } {
  return mode === 'copying'
    ? { tip: 'copyThenSelectThenList', auto: false }
    : { tip: 'firstListVisit', auto: true };
}
