/**
 * Response and request shapes of the reference API (docs/product.md 3), shared by the app and
 * the server. Field names are the contract: keep them exactly as the spec writes them. The
 * shapes are TypeBox schemas in this folder (docs/api.md "The contract"); this file re-exports
 * their Static<> types under the names the app imports, as types only, so that TypeBox never
 * enters the app's bundle. Its values come from plain modules for the same reason.
 */

export type { AssessmentStatus } from './common';
export type { ErrorBody, ErrorCode } from './errors';
export type {
  Department,
  PropertyAssessmentRef,
  PropertyDetail,
  PropertyRow,
  PropertySearchResult,
} from './properties';
export type {
  AssessmentIds,
  AssessmentListEntry,
  HandicapScore,
  LocatedAssessmentRequestItem,
} from './assessments';
export type { AnswerChangedSince, AssessmentDetails } from './answers';
export type { CopyTargetRow, NotCopyableReason } from './copy-targets';
export type {
  FailedJobItem,
  JobCreated,
  JobEnded,
  JobItem,
  JobItemOutcome,
  JobItemsPage,
  JobKind,
  JobQueueFull,
  JobState,
  JobStatus,
} from './jobs';
export type { Organization } from './organizations';
export type { UserInfo } from './session';

export { NO_DATE } from '../rules/statuses';
export { ANSWER_CHANGED_SINCE } from './error-codes';
export { JOB_ITEM_OUTCOMES } from './job-outcomes';

/** The error of a progress message: absent when the item went well. */
export interface JobItemError {
  message: string;
}

// The hub's progress messages travel inside SignalR invocations, not as a route's answer, so
// no schema describes them (docs/api.md "The hub").

/** Hub event CopyAssessment: one copied residence (docs/api.md "The hub"). */
export interface CopyProgressMessage {
  propertyId: string;
  newAssessmentId: string | null;
  currentCount: number;
  maxCount: number;
  error: JobItemError | null;
  /** Our addition (docs/api.md "Jobs"): the job's owner stopped it; no further message follows. */
  cancelled?: boolean;
}

/** Hub event FinishAssessment: one approved assessment (docs/api.md "The hub"). */
export interface FinishProgressMessage {
  currentCount: number;
  maxCount: number;
  error: JobItemError | null;
  /** As in CopyProgressMessage. */
  cancelled?: boolean;
}
