/**
 * Response and request shapes of the reference API (spec section 3), shared by the app and
 * the server. Field names are the contract: keep them exactly as the spec writes them.
 */

/** Stored statuses plus notStarted (no assessment); calculated is derived (draft + isCalculated). */
export type AssessmentStatus = 'notStarted' | 'draft' | 'ready' | 'approved' | 'rejected' | 'cancelled';

export { NO_DATE } from '../domain/statuses';
export type { HandicapScore } from '../domain/scoring';

export interface Department {
  departmentId: string;
  departmentName: string;
  propertiesCount: number;
}

/** GET /api/v2/properties/search and searchbycoordinates. */
export interface PropertySearchResult {
  residenceId: string;
  streetName: string;
  streetNumber: string;
  floorNumber: string | null;
  doorCode: string | null;
  zipCode: string;
  /** The status of the residence's winning assessment (duplicate rule, spec 4); notStarted without one. */
  assessmentStatus: AssessmentStatus;
  isCalculated: boolean;
  /** ISO date; NO_DATE when there is none. */
  futureApprovedDate: string;
  location: string;
  /** searchbycoordinates only: metres from the given point. */
  distance?: number;
}

/** GET /api/v2/properties/propertiesbydepartment: one row per assessment, or per residence without one. */
export interface PropertyRow {
  residenceId: string;
  streetName: string;
  streetNumber: string;
  floorNumber: string | null;
  doorCode: string | null;
  zipCode: string;
  departmentId: string;
  /** null when the residence has no (non-cancelled) assessment. */
  assessmentId: string | null;
  assessmentStatus: AssessmentStatus;
  isCalculated: boolean;
  isConverted: boolean;
  futureApprovedDate: string;
  location: string;
  /** ISO timestamp of the assessment's creation; null without one (newest wins among equals). */
  createdAt: string | null;
}

/** GET /api/v2/properties/getproperty (Danish field names, as the spec gives them). */
export interface PropertyDetail {
  id: string;
  beliggenhed: string;
  departmentId: string;
  departmentName: string;
  isConverted: boolean;
  vurderinger: PropertyAssessmentRef[];
}

export interface PropertyAssessmentRef {
  vurderingId: string;
  boligId: string;
  /** v2: the AssessmentStatus values; v1 may also answer the legacy "klar" and "kladde". */
  vurderingsStatus: string;
  konverteret: boolean;
}

/** GET /api/v2/assessment/getassessments */
export interface AssessmentIds {
  assessments: string[];
}

/** GET /api/v2/assessment/getactiveassessments and POST getlocatedassessments. */
export interface AssessmentListEntry {
  assessmentId: string;
  propertyId: string;
  departmentId: string;
  assessmentStatus: AssessmentStatus;
  isCalculated: boolean;
  converted: boolean;
  location: string;
  /** ISO; null when not approved. */
  validFrom: string | null;
  futureApprovedDate: string;
  createdAt: string;
  /** Share of required questions answered, 0..1 (drafts show it as a progress bar). */
  progress: number;
}

export interface LocatedAssessmentRequestItem {
  propertyId: string;
  assessmentId: string;
}

/** GET /api/v2/assessment/getassessment (ARCHITECTURE 3). */
export interface AssessmentDetails {
  assessmentId: string;
  propertyId: string;
  assessmentStatus: AssessmentStatus;
  isCalculated: boolean;
  converted: boolean;
  screeningCompleted: boolean;
  excludedHandicaps: string[];
  handicapsForEvaluation: string[];
  validFrom: string | null;
  lastAnsweredQuestionUniqueId: string | null;
}
