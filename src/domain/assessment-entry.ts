import type { DisplayStatus } from '../../shared/rules/statuses';

/**
 * The way into an assessment from a card or list (docs/product.md 2 and 4): what it says and where
 * it goes follow the same rule as the resume route /assessment/{propertyId}/{assessmentId}.
 * - continue: an editable assessment (draft or rejected) of a write user, at the question after
 *   the one answered last;
 * - results: a calculated or ready one of a write user, whose results page exists for them only;
 * - view: everything else (approved, or any assessment of a read user), read-only.
 */
export type AssessmentEntry = 'continue' | 'results' | 'view';

export function assessmentEntry(status: DisplayStatus, canWrite: boolean): AssessmentEntry {
  if (!canWrite) return 'view';
  if (status === 'draft' || status === 'rejected') return 'continue';
  if (status === 'calculated' || status === 'ready') return 'results';
  return 'view';
}
