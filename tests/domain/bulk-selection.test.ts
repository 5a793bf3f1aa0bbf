import { describe, expect, it } from 'vitest';
import type { CopiedEntry } from '../../src/domain/bulk-mode';
import {
  approveBlock,
  approveCopiedBlock,
  copyBlock,
  copyTargetBlocks,
  editBlock,
  evaluateBlock,
  groupOverwrites,
  isCopyReadyForApproval,
  isWaitingForApproval,
  overwriteWording,
  pasteBlock,
  showsActionBar,
  type BulkRow,
} from '../../src/domain/bulk-selection';

const row = (
  residenceId: string,
  assessmentId: string | null,
  assessmentStatus: string,
  extra: Partial<BulkRow> = {},
): BulkRow => ({
  residenceId,
  assessmentId,
  assessmentStatus,
  isCalculated: false,
  futureApprovedDate: '0001-01-01T00:00:00',
  ...extra,
});

describe('what may be selected while copying (docs/product.md 4)', () => {
  const rows = [
    row('src', 'a-src', 'draft', { isCalculated: true }),
    row('r1', null, 'notStarted'),
    row('r2', 'a2', 'ready'),
    row('r3', 'a3-new', 'approved'),
    row('r3', 'a3-old', 'draft'),
    row('r4', 'a4', 'klar'),
    row('r5', 'a5', 'approved'),
  ];
  const blocks = copyTargetBlocks(rows, { propertyId: 'src', assessmentId: 'a-src' });

  it('not the source, not ready (legacy klar too), not an older duplicate', () => {
    expect(Object.fromEntries(blocks)).toEqual({
      'a-src': 'source',
      a2: 'ready',
      'a3-old': 'older',
      a4: 'ready',
    });
  });

  it('everything else may be selected', () => {
    for (const key of ['r1', 'a3-new', 'a5']) expect(blocks.has(key)).toBe(false);
  });

  it('a ready row that is not the source is waiting for approval', () => {
    expect(isWaitingForApproval(rows[2]!, { assessmentId: 'a-src' })).toBe(true);
    expect(isWaitingForApproval(rows[2]!, { assessmentId: 'a2' })).toBe(false);
    expect(isWaitingForApproval(rows[1]!, null)).toBe(false);
  });
});

describe('the action bar (docs/product.md 5)', () => {
  const withAssessment = row('r1', 'a1', 'draft');
  const calculated = row('r2', 'a2', 'draft', { isCalculated: true });
  const without = row('r3', null, 'notStarted');
  const converted = row('r4', 'a4', 'approved', { isConverted: true });

  it('Copy: exactly one selected with an assessment that is not converted, and online', () => {
    expect(copyBlock([withAssessment], 'ready')).toBeNull();
    expect(copyBlock([withAssessment], 'offline')).toBe('offline');
    expect(copyBlock([withAssessment], 'signIn')).toBe('signIn');
    expect(copyBlock([], 'ready')).toBe('selection');
    expect(copyBlock([withAssessment, calculated], 'ready')).toBe('selection');
    expect(copyBlock([without], 'ready')).toBe('selection');
    expect(copyBlock([converted], 'ready')).toBe('selection');
  });

  it('Evaluate: exactly one without an assessment', () => {
    expect(evaluateBlock([without])).toBeNull();
    expect(evaluateBlock([withAssessment])).toBe('selection');
    expect(evaluateBlock([without, without])).toBe('selection');
  });

  it('Edit: exactly one with an assessment', () => {
    expect(editBlock([withAssessment])).toBeNull();
    expect(editBlock([converted])).toBeNull();
    expect(editBlock([without])).toBe('selection');
    expect(editBlock([withAssessment, calculated])).toBe('selection');
  });

  it('Approve: every selected one calculated', () => {
    expect(approveBlock([calculated], 'ready')).toBeNull();
    expect(
      approveBlock([calculated, { ...calculated, residenceId: 'r9', assessmentId: 'a9' }], 'ready'),
    ).toBeNull();
    expect(approveBlock([calculated, withAssessment], 'ready')).toBe('selection');
    expect(approveBlock([], 'ready')).toBe('selection');
    expect(approveBlock([calculated], 'offline')).toBe('offline');
    expect(approveBlock([calculated], 'signIn')).toBe('signIn');
  });

  it('Approve in the copied flow: every selected copy ready for approval', () => {
    const entry = (eligibleForApproval: boolean): CopiedEntry => ({
      propertyId: 'p',
      assessmentId: 'a',
      location: 'x',
      saved: false,
      eligibleForApproval,
    });
    expect(approveCopiedBlock([entry(true), entry(true)], 'ready')).toBeNull();
    expect(approveCopiedBlock([entry(true), entry(false)], 'ready')).toBe('selection');
    expect(approveCopiedBlock([], 'ready')).toBe('selection');
    expect(approveCopiedBlock([entry(true)], 'offline')).toBe('offline');
    expect(approveCopiedBlock([entry(true)], 'signIn')).toBe('signIn');
  });

  it('a copy is ready for approval when the server has it as a calculated draft or rejected one', () => {
    const copy = { eligibleForApproval: false };
    expect(isCopyReadyForApproval(copy, { assessmentStatus: 'draft', isCalculated: true })).toBe(true);
    expect(isCopyReadyForApproval(copy, { assessmentStatus: 'rejected', isCalculated: true })).toBe(true);
    expect(isCopyReadyForApproval(copy, { assessmentStatus: 'draft', isCalculated: false })).toBe(false);
    expect(isCopyReadyForApproval(copy, { assessmentStatus: 'ready', isCalculated: true })).toBe(false);
    // Before its current state is known, the flow's word holds.
    expect(isCopyReadyForApproval({ eligibleForApproval: true }, undefined)).toBe(true);
    expect(isCopyReadyForApproval(copy, undefined)).toBe(false);
  });

  it('Paste: disabled with no targets or offline', () => {
    expect(pasteBlock(3, 'ready')).toBeNull();
    expect(pasteBlock(0, 'ready')).toBe('noTargets');
    expect(pasteBlock(2, 'offline')).toBe('offline');
    expect(pasteBlock(2, 'signIn')).toBe('signIn');
    expect(pasteBlock(0, 'signIn')).toBe('noTargets');
  });

  it('is hidden on the approval and results pages', () => {
    for (const path of [
      '/approve',
      '/approve/confirm',
      '/approve/confirm/datepicker',
      '/approved',
      '/approvecopied',
      '/results/p/a',
    ])
      expect(showsActionBar(path), path).toBe(false);
    for (const path of ['/departments/properties/d1', '/copied', '/properties/search/x'])
      expect(showsActionBar(path), path).toBe(true);
  });
});

describe('the overwrite warning of the copy (docs/product.md 4 "Overwrite")', () => {
  const t = (status: Parameters<typeof groupOverwrites>[0][number]['status']) => ({ status });

  it('groups targets as approved, draft (calculated included), rejected and ready', () => {
    expect(
      groupOverwrites([
        t('approved'),
        t('approvedFuture'),
        t('draft'),
        t('calculated'),
        t('rejected'),
        t('ready'),
        t('notStarted'),
      ]),
    ).toEqual({ approved: 2, draft: 2, rejected: 1, ready: 1 });
  });

  it('chooses its wording by the combination present', () => {
    const g = (approved: number, draft: number, rejected: number, ready: number) => ({
      approved,
      draft,
      rejected,
      ready,
    });
    expect(overwriteWording(g(0, 0, 0, 0))).toBeNull();
    expect(overwriteWording(g(2, 0, 0, 0))).toBe('copy.overwriteWarning.body.approvedOnly');
    expect(overwriteWording(g(0, 1, 0, 0))).toBe('copy.overwriteWarning.body.othersOnly');
    expect(overwriteWording(g(0, 0, 1, 0))).toBe('copy.overwriteWarning.body.othersOnly');
    expect(overwriteWording(g(1, 0, 1, 0))).toBe('copy.overwriteWarning.body.approvedAndOthers');
    expect(overwriteWording(g(1, 1, 1, 1))).toBe('copy.overwriteWarning.body.withReady');
    expect(overwriteWording(g(0, 0, 0, 1))).toBe('copy.overwriteWarning.body.withReady');
  });
});
