import { describe, expect, it } from 'vitest';
import {
  canApprove,
  firstFutureDay,
  futureValidFrom,
  isSelectableDay,
  nowValidFrom,
} from '../../src/domain/approval';
import {
  describeFailures,
  initialProgress,
  mergeProgress,
  pluralForm,
  withFailures,
} from '../../src/domain/job-progress';

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

  it('says which residences each reason hit, five by name and then how many more', () => {
    const lost = 'Ikke kopieret: du har ikke længere skriveadgang.';
    const gone = 'Boligen findes ikke længere.';
    let p = mergeProgress(initialProgress('j'), {
      currentCount: 1,
      maxCount: 9,
      failures: [{ propertyId: 'p1', message: gone }],
    });
    for (let n = 2; n <= 8; n++) {
      p = mergeProgress(p, {
        currentCount: n,
        maxCount: 9,
        failures: [{ propertyId: `p${n}`, message: lost }],
      });
    }
    // A repeated message (a reconnect, a re-read state) counts once.
    p = mergeProgress(p, { currentCount: 9, maxCount: 9, failures: [{ propertyId: 'p8', message: lost }] });
    expect(p).toMatchObject({ phase: 'failed', errors: [gone, lost] });
    expect(p.failures).toHaveLength(8);
    const names = new Map([...Array(8)].map((_, i) => [`p${i + 1}`, `Vej ${i + 1}`]));
    expect(
      describeFailures(
        p,
        (id) => names.get(id),
        (count) => `og ${count} flere`,
      ),
    ).toEqual([`${gone} (Vej 1)`, `${lost} (Vej 2; Vej 3; Vej 4; Vej 5; Vej 6 og 2 flere)`]);
    // Residences this device does not know, or an approval's messages that name none: the reason alone.
    expect(
      describeFailures(
        p,
        () => undefined,
        () => '',
      ),
    ).toEqual([gone, lost]);
    const approval = mergeProgress(initialProgress('a'), {
      currentCount: 1,
      maxCount: 1,
      failures: [{ propertyId: null, message: gone }],
    });
    expect(
      describeFailures(
        approval,
        (id) => names.get(id),
        () => '',
      ),
    ).toEqual([gone]);
    // The job's state names them afterwards.
    expect(
      describeFailures(
        withFailures(approval, [{ propertyId: 'p3', message: gone }]),
        (id) => names.get(id),
        () => '',
      ),
    ).toEqual([`${gone} (Vej 3)`]);
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
