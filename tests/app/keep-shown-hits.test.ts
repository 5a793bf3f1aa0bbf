import { describe, expect, it } from 'vitest';
import type { PropertySearchResult } from '../../shared/contract/dto';
import { keepShownHits } from '../../src/features/residence-search/keep-shown-hits';
import { searchHit } from './test-render';

/** docs/architecture.md "Lie-fi is offline": a late answer keeps the rows on screen in place. */

const hit = searchHit;
const ids = (hits: PropertySearchResult[]) => hits.map((h) => h.residenceId);

describe('the rows shown stay where they are', () => {
  it("keeps the shown rows first, in their order, and adds the server's others after them", () => {
    expect(ids(keepShownHits([hit(5), hit(2)], [hit(1), hit(2), hit(3)], 15))).toEqual([
      'r5',
      'r2',
      'r1',
      'r3',
    ]);
  });

  it('shows a kept row as the server describes it now', () => {
    const merged = keepShownHits([hit(2)], [hit(2, { assessmentStatus: 'draft' })], 15);
    expect(merged).toEqual([hit(2, { assessmentStatus: 'draft' })]);
  });

  it('fills up to the size, and never drops a row that was shown', () => {
    expect(ids(keepShownHits([hit(1), hit(2)], [hit(3), hit(4), hit(5)], 3))).toEqual(['r1', 'r2', 'r3']);
    expect(ids(keepShownHits([hit(1), hit(2), hit(3)], [hit(4)], 2))).toEqual(['r1', 'r2', 'r3']);
  });

  it("is the server's list when nothing was shown", () => {
    expect(ids(keepShownHits([], [hit(3), hit(1)], 15))).toEqual(['r3', 'r1']);
  });
});
