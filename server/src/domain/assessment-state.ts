import type { AssessmentStatus } from '../db/schema';
import type { AssessmentListEntry } from '../../../shared/contract/dto';
import type { AssessmentState } from '../../../shared/rules/assessment-state';
import { isoDate, isoOrNoDate, residenceLocation } from './residences';

// The derived fields are the shared rule of src/domain (the form derives them offline too).
export { deriveAssessmentState, type AssessmentState } from '../../../shared/rules/assessment-state';

/**
 * The derived fields as the columns of `assessments` that hold them: the rule speaks the
 * domain's names, the server maps them where it writes them.
 */
export function toAssessmentColumns(state: AssessmentState) {
  return {
    screening_completed: state.screeningCompleted,
    excluded_handicaps: state.excludedHandicaps,
    handicaps_for_evaluation: state.handicapsForEvaluation,
    is_calculated: state.isCalculated,
  };
}

/** An assessment row joined with its residence, as the list queries select it. */
export interface AssessmentListRow {
  id: string;
  status: AssessmentStatus;
  isCalculated: boolean;
  converted: boolean;
  validFrom: Date | null;
  futureApprovedDate: Date | null;
  createdAt: Date;
  residenceId: string;
  departmentId: string;
  streetName: string;
  streetNumber: string;
  floorNumber: string | null;
  doorCode: string | null;
  zipCode: string;
  /** The history extension's authors (docs/api.md "Extensions"): sso_uuid and display name. */
  createdBy?: string | null;
  changedBy?: string | null;
  changedByName?: string | null;
  changedAt?: Date;
}

/** The list entry of a row, with its progress (shared/rules/scoring.ts `progress`). */
export function toListEntry(row: AssessmentListRow, progress: number): AssessmentListEntry {
  return {
    assessmentId: row.id,
    propertyId: row.residenceId,
    departmentId: row.departmentId,
    assessmentStatus: row.status,
    isCalculated: row.isCalculated,
    converted: row.converted,
    location: residenceLocation(row),
    validFrom: row.status === 'approved' && row.validFrom ? isoDate(row.validFrom) : null,
    futureApprovedDate: isoOrNoDate(row.futureApprovedDate),
    createdAt: isoDate(row.createdAt),
    progress,
    ...(row.changedAt !== undefined && {
      createdBy: row.createdBy ?? null,
      changedBy: row.changedBy ?? null,
      changedByName: row.changedByName ?? null,
      changedAt: isoDate(row.changedAt),
    }),
  };
}
