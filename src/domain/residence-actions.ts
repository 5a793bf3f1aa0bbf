import { duplicateRank } from '../../shared/rules/duplicate-rule';
import { hasFutureApproval, normalizeLegacyStatus } from '../../shared/rules/statuses';

/** A residence's assessment as the residence screen's rules see it. */
export interface ResidenceAssessment {
  assessmentId: string;
  assessmentStatus: string;
  isCalculated: boolean;
  futureApprovedDate: string | null;
}

export type OverwriteKind = 'ready' | 'approved' | 'rejected' | 'draft';

/**
 * docs/product.md 4 "Overwrite", the warning on the residence screen: the dialog follows the
 * relevant status, the one that wins by the duplicate rule: ready (back only), approved, rejected
 * or draft (each with its own message and an overwrite button). Null: nothing to warn about.
 */
export function overwriteKind(
  assessments: readonly ResidenceAssessment[],
  now: Date = new Date(),
): OverwriteKind | null {
  const statuses = assessments.map((a) => normalizeLegacyStatus(a.assessmentStatus));
  if (statuses.includes('ready')) return 'ready';
  let best: ResidenceAssessment | undefined;
  for (const a of assessments) {
    if (!best || duplicateRank(a, now) < duplicateRank(best, now)) best = a;
  }
  if (!best) return null;
  const status = normalizeLegacyStatus(best.assessmentStatus);
  if (status === 'approved') return 'approved';
  if (status === 'rejected') return 'rejected';
  if (status === 'draft' || status === 'calculated') return 'draft';
  return null;
}

/** docs/product.md 4: overwriting abandons every assessment that is not approved (then creates one). */
export function assessmentsToAbandon(assessments: readonly ResidenceAssessment[]): string[] {
  return assessments
    .filter((a) => {
      const s = normalizeLegacyStatus(a.assessmentStatus);
      return s !== 'approved' && s !== 'cancelled';
    })
    .map((a) => a.assessmentId);
}

/** docs/product.md 4 "Unlock": eligible only when the residence has no ready or draft assessment. */
export function canUnlock(assessments: readonly ResidenceAssessment[]): boolean {
  return !assessments.some((a) => {
    const s = normalizeLegacyStatus(a.assessmentStatus);
    return s === 'ready' || s === 'draft' || s === 'calculated';
  });
}

export function isUnlockable(a: ResidenceAssessment, now: Date = new Date()): boolean {
  return (
    normalizeLegacyStatus(a.assessmentStatus) === 'approved' && !hasFutureApproval(a.futureApprovedDate, now)
  );
}
