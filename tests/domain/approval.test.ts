import { describe, expect, it } from 'vitest';
import {
  canApprove,
  firstFutureDay,
  futureValidFrom,
  isSelectableDay,
  nowValidFrom,
} from '../../src/domain/approval';
import { initialProgress, mergeProgress, pluralForm } from '../../src/domain/job-progress';

describe('canApprove (docs/product.md 2 and 4)', () => {
  it.each([
    ['draft', true],
    ['calculated', true],
    ['rejected', true],
    ['kladde', true],
    ['ready', false],
    ['approved', false],
    ['cancelled', false],
    [null, false],
  ])('a write user with every required answer may approve a %s assessment: %s', (status, expected) => {
    expect(canApprove({ status, canWrite: true, missingCount: 0 })).toBe(expected);
  });

  it('is not offered while required questions are unanswered', () => {
    expect(canApprove({ status: 'draft', canWrite: true, missingCount: 1 })).toBe(false);
  });

  it('is not offered to a user without the write role', () => {
    expect(canApprove({ status: 'draft', canWrite: false, missingCount: 0 })).toBe(false);
  });
});

describe('the approval date (docs/product.md 5)', () => {
  const now = new Date(2026, 10, 23, 23, 30);

  it('offers days from tomorrow, local time', () => {
    expect(firstFutureDay(now)).toBe('2026-11-24');
    expect(firstFutureDay(new Date(2026, 11, 31, 8))).toBe('2027-01-01');
  });

  it('refuses today and earlier days and anything that is not a day', () => {
    expect(isSelectableDay('2026-11-23', now)).toBe(false);
    expect(isSelectableDay('2026-11-01', now)).toBe(false);
    expect(isSelectableDay('2026-11-24', now)).toBe(true);
    expect(isSelectableDay('2027-03-01', now)).toBe(true);
    expect(isSelectableDay('24.11.26', now)).toBe(false);
  });

  it('sends a future day as local midnight with its own offset', () => {
    const value = futureValidFrom('2026-12-01');
    expect(value).toMatch(/^2026-12-01T00:00:00[+-]\d{2}:\d{2}$/);
    expect(new Date(value).getTime()).toBe(new Date(2026, 11, 1).getTime());
    const summer = futureValidFrom('2027-07-01');
    expect(new Date(summer).getTime()).toBe(new Date(2027, 6, 1).getTime());
  });

  it("sends Approve now as the moment with the local offset, so its date is today's here", () => {
    const moment = new Date(2026, 10, 23, 0, 30, 5);
    const value = nowValidFrom(moment);
    expect(value).toMatch(/^2026-11-23T00:30:05[+-]\d{2}:\d{2}$/);
    expect(new Date(value).getTime()).toBe(moment.getTime());
  });
});

describe('job progress (docs/product.md 4: complete when currentCount equals maxCount)', () => {
  it('counts up and ends when the count reaches its maximum', () => {
    let p = initialProgress('j');
    p = mergeProgress(p, { currentCount: 1, maxCount: 3 });
    expect(p).toMatchObject({ currentCount: 1, maxCount: 3, phase: 'running' });
    p = mergeProgress(p, { currentCount: 3, maxCount: 3 });
    expect(p).toMatchObject({ currentCount: 3, phase: 'succeeded' });
  });

  it('never goes backwards: a late message does not lower the count', () => {
    let p = mergeProgress(initialProgress('j'), { currentCount: 2, maxCount: 3 });
    p = mergeProgress(p, { currentCount: 1, maxCount: 3 });
    expect(p.currentCount).toBe(2);
    p = mergeProgress(p, { currentCount: 0, maxCount: 0 });
    expect(p).toMatchObject({ currentCount: 2, maxCount: 3, phase: 'running' });
  });

  it('an ended job stays ended', () => {
    const done = mergeProgress(initialProgress('j'), { currentCount: 1, maxCount: 1 });
    expect(mergeProgress(done, { currentCount: 0, maxCount: 2 })).toBe(done);
  });

  it('an item error makes the ended job failed, with each reason once', () => {
    let p = mergeProgress(initialProgress('j'), { currentCount: 1, maxCount: 2, errors: ['Låst'] });
    expect(p.phase).toBe('running');
    p = mergeProgress(p, { currentCount: 2, maxCount: 2, errors: ['Låst'] });
    expect(p).toMatchObject({ phase: 'failed', errors: ['Låst'] });
  });

  it("the server's word ends the job even before the counts say so", () => {
    expect(mergeProgress(initialProgress('j'), { currentCount: 0, maxCount: 1, ended: 'failed' }).phase).toBe(
      'failed',
    );
    expect(
      mergeProgress(initialProgress('j'), { currentCount: 1, maxCount: 1, ended: 'succeeded' }),
    ).toMatchObject({
      phase: 'succeeded',
      currentCount: 1,
    });
  });

  it('words one and many', () => {
    expect(pluralForm(1)).toBe('one');
    expect(pluralForm(0)).toBe('other');
    expect(pluralForm(2)).toBe('other');
  });
});
