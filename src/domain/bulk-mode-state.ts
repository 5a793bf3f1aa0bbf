import type { DisplayStatus } from '../../shared/rules/statuses';

/**
 * The state the bulk flow's machine holds and the events that move it (docs/product.md 4 "Bulk
 * mode"); the machine itself is `bulkTransition` in bulk-mode.ts.
 */

export type BulkMode = 'idle' | 'copying' | 'copyComplete' | 'approving' | 'approvalComplete';

/** The assessment being copied (docs/product.md 4 "Bulk mode": the source selection). */
export interface BulkSource {
  propertyId: string;
  assessmentId: string;
  status: DisplayStatus;
  location: string;
  /** The day a later approval takes effect, which its badge names ("Godkendt fra 01.12.26"). */
  futureApprovedDate?: string;
}

/** A residence chosen to receive the copy, with what it holds now (for the overwrite warning). */
export interface BulkTarget {
  propertyId: string;
  assessmentId: string | null;
  status: DisplayStatus;
  location: string;
  /** As on the source. */
  futureApprovedDate?: string;
}

/** docs/product.md 3 "Copied residence". */
export interface CopiedEntry {
  propertyId: string;
  assessmentId: string;
  location: string;
  /** The user has gone back from the copy with "save answers" (docs/product.md 2). */
  saved: boolean;
  /** Every required question answered: the copy may be approved (docs/product.md 4). */
  eligibleForApproval: boolean;
}

/** docs/product.md 3 "approval item": validFrom is an ISO date. */
export interface BulkApproveItem {
  assessmentId: string;
  propertyId: string;
  validFrom: string;
}

/** Where an approval was confirmed: a residence list, /copied, or /approvecopied (docs/product.md 4). */
export type ApprovalStartedFrom = 'list' | 'copied' | 'approveCopied';

export interface ApprovalStart {
  from: ApprovalStartedFrom;
  items: BulkApproveItem[];
  /** The page the approval was started on (its back link and, for a list, where Cancel returns). */
  origin: string;
  /**
   * The idempotency key of the finish request, so that a reload before the server answered asks
   * again for the same job instead of approving twice (docs/api.md "Jobs"); null when none was given.
   */
  key: string | null;
  /** The finish job once it has ended: its result page reads its items (docs/api.md "Jobs"). */
  jobId: string | null;
}

export interface BulkState {
  mode: BulkMode;
  source: BulkSource | null;
  targets: BulkTarget[];
  /** The path (with query) the flow started on; Cancel returns there. */
  origin: string | null;
  /**
   * copyComplete: the idempotency key of the copy request while its job runs, so that a reload
   * before the server answered asks again for the same job instead of starting a second one;
   * null once the job ended (then `copied` holds its result).
   */
  copyKey: string | null;
  /** copyComplete: the copy job once it has ended; /copied reads its items (docs/api.md "Jobs"). */
  copyJobId: string | null;
  copied: CopiedEntry[];
  approval: ApprovalStart | null;
}

export const INITIAL_BULK_STATE: BulkState = Object.freeze({
  mode: 'idle',
  source: null,
  targets: [],
  origin: null,
  copyKey: null,
  copyJobId: null,
  copied: [],
  approval: null,
}) as BulkState;

export type BulkEvent =
  /** "Copy" on one residence with an assessment. */
  | { type: 'copy'; source: BulkSource; origin: string }
  /** The residences chosen so far (the whole list; the source and ready ones are dropped). */
  | { type: 'selectTargets'; targets: readonly BulkTarget[] }
  /** "Paste": the copy job is being started with this idempotency key. */
  | { type: 'paste'; copyKey: string }
  /** The copy job ended (also stopped by its owner) with these new assessments. */
  | { type: 'copyFinished'; jobId: string; copied: readonly CopiedEntry[] }
  /** The copy job could not start, or copied nothing: back to choosing targets. */
  | { type: 'copyFailed' }
  /** "Cancel" while choosing targets. */
  | { type: 'cancel' }
  /** A copy was saved or its status changed. */
  | {
      type: 'copiedChanged';
      assessmentId: string;
      saved?: boolean;
      eligibleForApproval?: boolean;
    }
  /** An approval was confirmed: its finish job is being started. */
  | {
      type: 'startApproval';
      from: ApprovalStartedFrom;
      items: readonly BulkApproveItem[];
      origin: string;
      key?: string;
    }
  /** The finish job ended (also stopped by its owner) having approved at least one. */
  | { type: 'approvalFinished'; jobId: string }
  /** The finish job could not start or approved nothing: back where it was started. */
  | { type: 'approvalFailed' }
  /** "Finish" (or leaving a finished flow for home): back to idle. */
  | { type: 'finish' };
