import { describe, expect, it } from 'vitest';
import {
  GUIDANCE_TIPS,
  hasNewTip,
  listGuidanceTip,
  opensAutomatically,
  parseShownTips,
  tipToOpen,
  withShownTip,
} from '../../src/domain/guidance';

describe('guidance tips', () => {
  it('come in the order of the product: first list visit, copy then list, select, summary', () => {
    expect(GUIDANCE_TIPS).toEqual([
      'firstListVisit',
      'copyThenList',
      'copyThenSelectThenList',
      'summaryPage',
    ]);
  });

  it('first list visit and summary page open by themselves until shown once; the others never do', () => {
    expect(opensAutomatically('firstListVisit', [])).toBe(true);
    expect(opensAutomatically('summaryPage', [])).toBe(true);
    expect(opensAutomatically('firstListVisit', ['firstListVisit'])).toBe(false);
    expect(opensAutomatically('summaryPage', ['summaryPage'])).toBe(false);
    expect(opensAutomatically('copyThenList', [])).toBe(false);
    expect(opensAutomatically('copyThenSelectThenList', [])).toBe(false);
  });

  it("highlight the button while a tip of the page's context has not been shown", () => {
    // A list without copying: the list itself and how to start a copy.
    expect(hasNewTip('firstListVisit', ['firstListVisit'])).toBe(true);
    expect(hasNewTip('firstListVisit', ['firstListVisit', 'copyThenList'])).toBe(false);
    // A list while copying, and the summary page.
    expect(hasNewTip('copyThenSelectThenList', ['firstListVisit', 'copyThenList'])).toBe(true);
    expect(hasNewTip('copyThenSelectThenList', ['copyThenSelectThenList'])).toBe(false);
    expect(hasNewTip('summaryPage', ['firstListVisit'])).toBe(true);
    expect(hasNewTip('summaryPage', ['summaryPage'])).toBe(false);
  });

  it("open from the button at the context's first unseen tip, else at the page's tip", () => {
    expect(tipToOpen('firstListVisit', ['firstListVisit'])).toBe('copyThenList');
    expect(tipToOpen('firstListVisit', [])).toBe('firstListVisit');
    expect(tipToOpen('firstListVisit', [...GUIDANCE_TIPS])).toBe('firstListVisit');
    expect(tipToOpen('summaryPage', [...GUIDANCE_TIPS])).toBe('summaryPage');
  });

  it('a list shows the selection tip while copying and the list tip (automatic) otherwise', () => {
    expect(listGuidanceTip('copying')).toEqual({ tip: 'copyThenSelectThenList', auto: false });
    expect(listGuidanceTip('idle')).toEqual({ tip: 'firstListVisit', auto: true });
    expect(listGuidanceTip('copyComplete')).toEqual({ tip: 'firstListVisit', auto: true });
  });

  it('are remembered as a list in their order; anything unknown is dropped', () => {
    expect(parseShownTips(['summaryPage', 'nonsense', 3, 'firstListVisit'])).toEqual([
      'firstListVisit',
      'summaryPage',
    ]);
    expect(parseShownTips('firstListVisit')).toEqual([]);
    expect(parseShownTips(null)).toEqual([]);
    const shown = withShownTip(['summaryPage'], 'copyThenList');
    expect(shown).toEqual(['copyThenList', 'summaryPage']);
    expect(withShownTip(shown, 'summaryPage')).toBe(shown);
  });
});
