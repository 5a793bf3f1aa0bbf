import type { QuestionDef } from '../../../src/domain/catalogue';
import {
  excludedHandicaps,
  handicapsForEvaluation,
  isCalculated,
  isScreeningComplete,
  type AnswerMap,
} from '../../../src/domain/screening';
import type { AssessmentStatus } from '../db/schema';
import type { AssessmentListEntry } from '../../../src/api/dto';
import { isoDate, isoOrNoDate, residenceLocation } from './residences';

/**
 * The stored fields derived from the answers (as the demo seed derives them): screening
 * state, excluded and included handicap types, and isCalculated. Converted assessments skip
 * screening: it counts as complete and excludes nothing.
 */
export function deriveAssessmentState(
  questions: readonly QuestionDef[],
  answers: AnswerMap,
  converted: boolean,
) {
  const screening = questions.filter((q) => q.chapterId === 'screening');
  const excluded = converted ? [] : excludedHandicaps(screening, answers);
  return {
    screening_completed: converted || isScreeningComplete(screening, answers),
    excluded_handicaps: excluded,
    handicaps_for_evaluation: handicapsForEvaluation(excluded),
    is_calculated: isCalculated(questions, answers, { skipScreening: converted }),
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
}

/** The list entry of a row, with its progress (src/domain/scoring.ts `progress`). */
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
  };
}
