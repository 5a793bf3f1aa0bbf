import type { AssessmentDetails } from '../../../shared/contract/dto';
import type { AssessmentStatus } from '../db/schema';
import { isoDate } from './residences';

/** GET /api/v2/assessment/getassessment (docs/architecture.md 3, "getassessment response"). */
export type { AssessmentDetails };

/** An assessment row as findAssessment answers it. */
export interface AssessmentRow {
  id: string;
  residence_id: string;
  status: AssessmentStatus;
  is_calculated: boolean;
  converted: boolean;
  screening_completed: boolean;
  excluded_handicaps: string[];
  handicaps_for_evaluation: string[];
  valid_from: Date | null;
  last_answered_question_unique_id: string | null;
}

export function toAssessmentDetails(row: AssessmentRow): AssessmentDetails {
  return {
    assessmentId: row.id,
    propertyId: row.residence_id,
    assessmentStatus: row.status,
    isCalculated: row.is_calculated,
    converted: row.converted,
    screeningCompleted: row.screening_completed,
    excludedHandicaps: row.excluded_handicaps,
    handicapsForEvaluation: row.handicaps_for_evaluation,
    validFrom: row.status === 'approved' && row.valid_from ? isoDate(row.valid_from) : null,
    lastAnsweredQuestionUniqueId: row.last_answered_question_unique_id,
  };
}
