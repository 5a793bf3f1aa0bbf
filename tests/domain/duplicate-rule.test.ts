import { describe, expect, it } from 'vitest';
import { applyDuplicateRule, duplicateRank, pickWinner } from '../../shared/rules/duplicate-rule';
import { NO_DATE } from '../../shared/rules/statuses';

const NOW = new Date('2026-11-22T10:00:00Z');
const FUTURE = '2027-01-15T00:00:00.000Z';
const PAST = '2026-01-15T00:00:00.000Z';

interface Row {
  name: string;
  residenceId?: string;
  assessmentStatus: string;
  isCalculated?: boolean;
  futureApprovedDate?: string;
}

const row = (name: string, assessmentStatus: string, extra: Partial<Row> = {}): Row => ({
  name,
  assessmentStatus,
  futureApprovedDate: NO_DATE,
  ...extra,
});

describe('pickWinner (docs/product.md 4)', () => {
  it('prefers approved without a future date, or ready, over everything else', () => {
    expect(
      pickWinner(
        [row('d', 'draft'), row('a', 'approved'), row('f', 'approved', { futureApprovedDate: FUTURE })],
        NOW,
      )?.name,
    ).toBe('a');
    expect(pickWinner([row('rj', 'rejected'), row('r', 'ready')], NOW)?.name).toBe('r');
    expect(pickWinner([row('c', 'draft', { isCalculated: true }), row('k', 'klar')], NOW)?.name).toBe('k');
  });

  it('then draft, calculated or rejected over approved with a future date', () => {
    expect(
      pickWinner([row('f', 'approved', { futureApprovedDate: FUTURE }), row('rj', 'rejected')], NOW)?.name,
    ).toBe('rj');
    expect(
      pickWinner([row('f', 'approved', { futureApprovedDate: FUTURE }), row('c', 'calculated')], NOW)?.name,
    ).toBe('c');
    expect(
      pickWinner([row('f', 'approved', { futureApprovedDate: FUTURE }), row('d', 'kladde')], NOW)?.name,
    ).toBe('d');
  });

  it('then approved with a future date over anything else', () => {
    expect(
      pickWinner(
        [row('n', 'notStarted'), row('x', 'cancelled'), row('f', 'approved', { futureApprovedDate: FUTURE })],
        NOW,
      )?.name,
    ).toBe('f');
  });

  it('treats an approval whose date has passed as approved without a future date', () => {
    expect(
      pickWinner([row('d', 'draft'), row('p', 'approved', { futureApprovedDate: PAST })], NOW)?.name,
    ).toBe('p');
  });

  it('otherwise takes the first, and the first among equals', () => {
    expect(pickWinner([row('x', 'cancelled'), row('n', 'notStarted')], NOW)?.name).toBe('x');
    expect(pickWinner([row('d1', 'draft'), row('rj', 'rejected'), row('d2', 'draft')], NOW)?.name).toBe('d1');
    expect(pickWinner([row('a1', 'approved'), row('r', 'ready')], NOW)?.name).toBe('a1');
    expect(pickWinner([], NOW)).toBeUndefined();
  });

  it('ranks every status', () => {
    expect(
      ['approved', 'ready', 'draft', 'calculated', 'rejected', 'notStarted', 'cancelled', ''].map((s) =>
        duplicateRank({ assessmentStatus: s }, NOW),
      ),
    ).toEqual([0, 0, 1, 1, 1, 3, 3, 3]);
    expect(duplicateRank({ assessmentStatus: 'approved', futureApprovedDate: FUTURE }, NOW)).toBe(2);
  });
});

describe('applyDuplicateRule', () => {
  it('keeps one row per residence, at the place of its first row', () => {
    const rows = [
      row('1-draft', 'draft', { residenceId: 'r1' }),
      row('2-approved', 'approved', { residenceId: 'r2' }),
      row('1-approved', 'approved', { residenceId: 'r1' }),
      row('3-none', 'notStarted', { residenceId: 'r3' }),
      row('2-draft', 'draft', { residenceId: 'r2' }),
      row('1-future', 'approved', { residenceId: 'r1', futureApprovedDate: FUTURE }),
    ];
    expect(applyDuplicateRule(rows, undefined, NOW).map((r) => r.name)).toEqual([
      '1-approved',
      '2-approved',
      '3-none',
    ]);
  });

  it('takes another key when given', () => {
    const rows = [
      { ...row('a', 'draft'), propertyId: 'p1' },
      { ...row('b', 'ready'), propertyId: 'p1' },
    ];
    expect(applyDuplicateRule(rows, (r) => r.propertyId, NOW).map((r) => r.name)).toEqual(['b']);
  });

  it('never merges rows without a residence id', () => {
    const rows = [
      row('a', 'draft'),
      row('b', 'ready', { residenceId: 'invalid' }),
      row('c', 'draft', { residenceId: '' }),
    ];
    expect(applyDuplicateRule(rows, undefined, NOW).map((r) => r.name)).toEqual(['a', 'b', 'c']);
  });

  it('returns an empty list for no rows', () => {
    expect(applyDuplicateRule([] as Row[])).toEqual([]);
  });
});
