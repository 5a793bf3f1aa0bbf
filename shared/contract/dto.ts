/**
 * Response and request shapes of the reference API (docs/product.md 3), shared by the app and
 * the server. Field names are the contract: keep them exactly as the spec writes them. The
 * shapes already converted to TypeBox schemas (docs/api.md "The contract") are re-exported
 * here as their Static<> types, under the same names; the rest are still written by hand.
 */

import type { AssessmentStatus } from './common';

export type { AssessmentStatus } from './common';
export type { ErrorBody } from './errors';
// The property calls' shapes are TypeBox schemas; these are their Static<> types (properties.ts).
export type {
  Department,
  PropertyAssessmentRef,
  PropertyDetail,
  PropertyRow,
  PropertySearchResult,
} from './properties';

export { NO_DATE } from '../rules/statuses';
export type { HandicapScore } from '../rules/scoring';

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

/** GET /api/v2/assessment/getassessment (docs/architecture.md 3). */
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

/** syncanswer's refusal of an answer given before the stored one (docs/api.md "syncanswer"). */
export const ANSWER_CHANGED_SINCE = 'ANSWER_CHANGED_SINCE';

/**
 * The body of syncanswer's 409 ANSWER_CHANGED_SINCE: the answer the server holds, given after
 * the refused one (docs/api.md "syncanswer").
 */
export interface AnswerChangedSince {
  message: string;
  code: typeof ANSWER_CHANGED_SINCE;
  current: {
    values: string[];
    numericValue: number | null;
    comment: string | null;
    /** When it was given (ISO 8601). */
    answeredAt: string;
    /** The display name of who gave it; null when unknown. */
    answeredBy: string | null;
  };
}

/** Kinds of background job (docs/product.md 7: copyassessments and finishassessments). */
export type JobKind = 'copy' | 'finish';

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'partlyFailed' | 'failed' | 'cancelled';

/** The error of a progress message: absent when the item went well. */
export interface JobItemError {
  message: string;
}

/** Hub event CopyAssessment: one copied residence (docs/product.md 3 "Copy progress message"). */
export interface CopyProgressMessage {
  propertyId: string;
  newAssessmentId: string | null;
  currentCount: number;
  maxCount: number;
  error: JobItemError | null;
  /** Our addition (docs/api.md "Jobs"): the job's owner stopped it; no further message follows. */
  cancelled?: boolean;
}

/** Hub event FinishAssessment: one approved assessment (docs/product.md 3 "Finish progress message"). */
export interface FinishProgressMessage {
  currentCount: number;
  maxCount: number;
  error: JobItemError | null;
  /** As in CopyProgressMessage. */
  cancelled?: boolean;
}

/** POST copyassessments and finishassessments answer this. */
export interface JobCreated {
  jobId: string;
}

/** One item of a job that failed, with its reason in Danish. */
export interface FailedJobItem {
  propertyId: string;
  assessmentId: string | null;
  code: string;
  message: string;
}

/** What became of one item of a job: pending until a worker did it, cancelled when the job was stopped first. */
export type JobItemOutcome = 'pending' | 'done' | 'failed' | 'skipped' | 'cancelled';

export const JOB_ITEM_OUTCOMES: readonly JobItemOutcome[] = [
  'pending',
  'done',
  'failed',
  'skipped',
  'cancelled',
];

/** One item of a job as its result page lists it (GET /api/v2/jobs/{jobId}/items). */
export interface JobItem {
  /** The item's place in the request, from 0. */
  position: number;
  propertyId: string;
  /** The residence's address line; empty when the residence is gone. */
  location: string;
  outcome: JobItemOutcome;
  /** A failed item's code and Danish reason; null otherwise. */
  code: string | null;
  message: string | null;
  /** Finish jobs: the day the approval was asked to take effect (YYYY-MM-DD); null for copies. */
  validFrom: string | null;
  /** The copy made, or the assessment to approve, as it is now; null when there is none. */
  assessment: AssessmentListEntry | null;
}

/** A page of a job's items, with the counts of the whole job. */
export interface JobItemsPage {
  jobId: string;
  kind: JobKind;
  status: JobStatus;
  /** Every item of the job, by outcome. */
  counts: Record<JobItemOutcome, number>;
  /** Items that match the request's outcome filter; `items` holds those from `offset`. */
  total: number;
  offset: number;
  items: JobItem[];
}

/** GET /api/v2/jobs/{jobId}: what a client re-reads after a reconnect or a reload. */
export interface JobState {
  jobId: string;
  kind: JobKind;
  status: JobStatus;
  currentCount: number;
  maxCount: number;
  errorCount: number;
  failedItems: FailedJobItem[];
  /** Copy jobs: the new assessment of each copied residence, in item order. */
  copied: { propertyId: string; newAssessmentId: string }[];
}
