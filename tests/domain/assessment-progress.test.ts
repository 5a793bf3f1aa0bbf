import { describe, expect, it } from 'vitest';
import { displayedProgress, screeningOutcome } from '../../src/domain/assessment-progress';

describe('the progress indicator (docs/product.md 2, 9)', () => {
  it('shows 0 for nothing and at least 25 % for any answer', () => {
    expect(displayedProgress(0)).toBe(0);
    expect(displayedProgress(0.01)).toBe(25);
    expect(displayedProgress(0.24)).toBe(25);
    expect(displayedProgress(0.26)).toBe(26);
    expect(displayedProgress(1)).toBe(100);
  });
});

describe('the screening outcome (docs/product.md 4)', () => {
  it('is missing, none, some or all', () => {
    expect(screeningOutcome(false, 0)).toBe('screeningMissing');
    expect(screeningOutcome(true, 5)).toBe('screeningNone');
    expect(screeningOutcome(true, 2)).toBe('screeningSome');
    expect(screeningOutcome(true, 0)).toBe('screeningAll');
  });
});
