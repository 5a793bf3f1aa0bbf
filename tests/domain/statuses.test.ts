import { describe, expect, it } from 'vitest';
import {
  displayStatus,
  hasFutureApproval,
  isEditableStatus,
  isLocked,
  NO_DATE,
  normalizeLegacyStatus,
  parseFutureDate,
  toLegacyStatus,
} from '../../shared/rules/statuses';
import { NO_DATE as DTO_NO_DATE } from '../../shared/contract/dto';

const NOW = new Date('2026-11-22T10:00:00Z');
const FUTURE = '2026-12-24T00:00:00.000Z';
const PAST = '2026-11-01T00:00:00.000Z';

describe('displayStatus (docs/product.md 4)', () => {
  it.each([
    [undefined, false, NO_DATE, 'notStarted'],
    [null, false, NO_DATE, 'notStarted'],
    ['', false, NO_DATE, 'notStarted'],
    ['notStarted', false, NO_DATE, 'notStarted'],
    ['draft', false, NO_DATE, 'draft'],
    ['draft', true, NO_DATE, 'calculated'],
    ['kladde', true, NO_DATE, 'calculated'],
    ['calculated', false, NO_DATE, 'calculated'],
    ['ready', true, NO_DATE, 'ready'],
    ['klar', false, NO_DATE, 'ready'],
    ['approved', true, NO_DATE, 'approved'],
    ['approved', true, FUTURE, 'approvedFuture'],
    ['approved', true, PAST, 'approved'],
    ['approved', true, null, 'approved'],
    ['approved', true, 'not a date', 'approved'],
    ['rejected', true, NO_DATE, 'rejected'],
    ['cancelled', false, NO_DATE, 'cancelled'],
    ['something-else', false, NO_DATE, 'notStarted'],
  ] as const)('%s, isCalculated %s, date %s → %s', (status, isCalculated, date, expected) => {
    expect(displayStatus(status, isCalculated, date, NOW)).toBe(expected);
  });

  it('shows an approval from a future date as approved once the day has come', () => {
    expect(displayStatus('approved', true, FUTURE, new Date('2026-12-24T00:00:01Z'))).toBe('approved');
  });
});

describe('NO_DATE and future dates', () => {
  it('is the same value as the DTO constant', () => {
    expect(NO_DATE).toBe(DTO_NO_DATE);
  });

  it('reads NO_DATE, empty and broken dates as none', () => {
    expect(parseFutureDate(NO_DATE)).toBeNull();
    expect(parseFutureDate('0001-01-01T00:00:00Z')).toBeNull();
    expect(parseFutureDate('')).toBeNull();
    expect(parseFutureDate(undefined)).toBeNull();
    expect(parseFutureDate('31.12.26')).toBeNull();
    expect(parseFutureDate(FUTURE)?.toISOString()).toBe(FUTURE);
  });

  it('is a future approval only while the date is after now', () => {
    expect(hasFutureApproval(FUTURE, NOW)).toBe(true);
    expect(hasFutureApproval(PAST, NOW)).toBe(false);
    expect(hasFutureApproval(NO_DATE, NOW)).toBe(false);
  });
});

describe('isLocked (docs/product.md 4 and 5)', () => {
  it.each([
    ['draft', true, false],
    ['calculated', true, false],
    ['rejected', true, false],
    ['kladde', true, false],
    ['draft', false, true],
    ['rejected', false, true],
    ['ready', true, true],
    ['klar', true, true],
    ['approved', true, true],
    ['cancelled', true, true],
    ['notStarted', true, true],
    [undefined, true, true],
  ] as const)('%s with write access %s → locked %s', (status, write, locked) => {
    expect(isLocked(status, write)).toBe(locked);
    if (write) expect(isEditableStatus(status)).toBe(!locked);
  });
});

describe('legacy status names', () => {
  it('maps klar to ready and kladde to draft, in any case, and leaves others alone', () => {
    expect(normalizeLegacyStatus('klar')).toBe('ready');
    expect(normalizeLegacyStatus('kladde')).toBe('draft');
    expect(normalizeLegacyStatus('Klar')).toBe('ready');
    expect(normalizeLegacyStatus('approved')).toBe('approved');
    expect(normalizeLegacyStatus('rejected')).toBe('rejected');
  });

  it('writes the v1 names and reads them back', () => {
    for (const status of ['draft', 'ready', 'approved', 'rejected', 'cancelled']) {
      expect(normalizeLegacyStatus(toLegacyStatus(status))).toBe(status);
    }
    expect(toLegacyStatus('draft')).toBe('kladde');
    expect(toLegacyStatus('ready')).toBe('klar');
  });
});
