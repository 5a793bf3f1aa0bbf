import { describe, expect, it } from 'vitest';
import {
  assessmentsToAbandon,
  canUnlock,
  overwriteKind,
  type ResidenceAssessment,
} from '../../src/domain/residence-actions';

const a = (
  assessmentId: string,
  assessmentStatus: string,
  futureApprovedDate: string | null = null,
): ResidenceAssessment => ({
  assessmentId,
  assessmentStatus,
  isCalculated: false,
  futureApprovedDate,
});

describe('residence screen rules (docs/product.md 4)', () => {
  it('picks the overwrite dialog by the relevant status', () => {
    expect(overwriteKind([])).toBeNull();
    expect(overwriteKind([a('1', 'approved'), a('2', 'ready')])).toBe('ready');
    expect(overwriteKind([a('1', 'draft'), a('2', 'approved')])).toBe('approved');
    expect(overwriteKind([a('1', 'rejected')])).toBe('rejected');
    expect(overwriteKind([a('1', 'kladde')])).toBe('draft');
    expect(overwriteKind([a('1', 'approved', '2999-01-01T00:00:00'), a('2', 'draft')])).toBe('draft');
  });

  it('abandons every assessment that is not approved', () => {
    expect(
      assessmentsToAbandon([a('1', 'approved'), a('2', 'draft'), a('3', 'rejected'), a('4', 'cancelled')]),
    ).toEqual(['2', '3']);
  });

  it('allows unlock only without a ready or draft assessment', () => {
    expect(canUnlock([a('1', 'approved'), a('2', 'rejected')])).toBe(true);
    expect(canUnlock([a('1', 'approved'), a('2', 'draft')])).toBe(false);
    expect(canUnlock([a('1', 'approved'), a('2', 'klar')])).toBe(false);
  });
});
