import type { DisplayStatus } from '../../shared/rules/statuses';
import {
  INITIAL_BULK_STATE,
  type ApprovalStart,
  type BulkEvent,
  type BulkMode,
  type BulkSource,
  type BulkState,
  type BulkTarget,
  type CopiedEntry,
} from './bulk-mode-state';

/**
 * Bulk mode (docs/product.md 4 "Bulk mode"): one explicit state machine for copying one
 * assessment to many residences and approving many at once. Pure: the app keeps the state in
 * session storage (it survives a reload, logout clears it) and moves it only through
 * `bulkTransition`; an event that does not fit the current mode leaves the state as it is.
 */

export {
  INITIAL_BULK_STATE,
  type ApprovalStart,
  type ApprovalStartedFrom,
  type BulkApproveItem,
  type BulkEvent,
  type BulkMode,
  type BulkSource,
  type BulkState,
  type BulkTarget,
  type CopiedEntry,
} from './bulk-mode-state';
export { parseBulkState, serializeBulkState } from './bulk-mode-restore';

const COPY_DONE_STATUSES: readonly DisplayStatus[] = ['ready', 'calculated', 'approved', 'approvedFuture'];

/** In copying mode the source residence and ready assessments cannot be targets (docs/product.md 4). */
export function isAllowedTarget(
  target: Pick<BulkTarget, 'propertyId' | 'status'>,
  source: BulkSource | null,
) {
  return target.status !== 'ready' && target.propertyId !== source?.propertyId;
}

function uniqueAllowedTargets(targets: readonly BulkTarget[], source: BulkSource | null): BulkTarget[] {
  const seen = new Set<string>();
  const result: BulkTarget[] = [];
  for (const target of targets) {
    if (seen.has(target.propertyId) || !isAllowedTarget(target, source)) continue;
    seen.add(target.propertyId);
    result.push({ ...target });
  }
  return result;
}

/** A copy job is running (pasted, not yet finished). */
export function isCopyRunning(state: BulkState): boolean {
  return state.mode === 'copyComplete' && state.copyKey !== null;
}

/** A flow has ended and its result is on screen: leaving it asks first (docs/product.md 4). */
export function isFinishedFlow(state: BulkState): boolean {
  return (state.mode === 'copyComplete' && state.copyKey === null) || state.mode === 'approvalComplete';
}

/** The next state; an event that does not fit the current mode returns the same object. */
export function bulkTransition(state: BulkState, event: BulkEvent): BulkState {
  switch (event.type) {
    case 'copy':
      // A running job (copy or approval) is not replaced. Copy from another assessment while
      // choosing targets starts over with that source: the targets chosen for the old one
      // may not suit the new one (docs/product.md 4: the targets are cleared).
      if (state.mode === 'approving' || isCopyRunning(state)) return state;
      if (state.mode === 'copying' && state.source?.assessmentId === event.source.assessmentId) return state;
      return {
        ...INITIAL_BULK_STATE,
        mode: 'copying',
        source: { ...event.source },
        origin: event.origin,
      };
    case 'selectTargets':
      if (state.mode !== 'copying') return state;
      return { ...state, targets: uniqueAllowedTargets(event.targets, state.source) };
    case 'paste':
      if (state.mode !== 'copying' || state.targets.length === 0 || !event.copyKey) return state;
      return { ...state, mode: 'copyComplete', copyKey: event.copyKey, copied: [] };
    case 'copyFinished':
      if (!isCopyRunning(state)) return state;
      return {
        ...state,
        copyKey: null,
        copyJobId: event.jobId,
        copied: event.copied.map((entry) => ({ ...entry })),
      };
    case 'copyFailed':
      if (!isCopyRunning(state)) return state;
      return { ...state, mode: 'copying', copyKey: null, copied: [] };
    case 'cancel':
      return state.mode === 'copying' ? INITIAL_BULK_STATE : state;
    case 'copiedChanged': {
      if (state.mode !== 'copyComplete' || isCopyRunning(state)) return state;
      if (!state.copied.some((entry) => entry.assessmentId === event.assessmentId)) return state;
      return {
        ...state,
        copied: state.copied.map((entry) =>
          entry.assessmentId === event.assessmentId
            ? {
                ...entry,
                saved: event.saved ?? entry.saved,
                eligibleForApproval: event.eligibleForApproval ?? entry.eligibleForApproval,
              }
            : entry,
        ),
      };
    }
    case 'startApproval': {
      if (event.items.length === 0) return state;
      const fromList = event.from === 'list' && (state.mode === 'idle' || state.mode === 'approvalComplete');
      const fromCopies = event.from !== 'list' && state.mode === 'copyComplete' && !isCopyRunning(state);
      if (!fromList && !fromCopies) return state;
      return {
        ...(fromList ? { ...INITIAL_BULK_STATE, origin: event.origin } : state),
        mode: 'approving',
        approval: {
          from: event.from,
          items: event.items.map((i) => ({ ...i })),
          origin: event.origin,
          key: event.key ?? null,
          jobId: null,
        },
      };
    }
    case 'approvalFinished': {
      if (state.mode !== 'approving' || !state.approval || !event.jobId) return state;
      // From a list the flow ends at /approved; copies return to their own list (docs/product.md 4).
      const mode: BulkMode = state.approval.from === 'list' ? 'approvalComplete' : 'copyComplete';
      return { ...state, mode, approval: { ...state.approval, jobId: event.jobId } };
    }
    case 'approvalFailed':
      if (state.mode !== 'approving' || !state.approval) return state;
      return state.approval.from === 'list'
        ? INITIAL_BULK_STATE
        : { ...state, mode: 'copyComplete', approval: null };
    case 'finish':
      return isFinishedFlow(state) ? INITIAL_BULK_STATE : state;
  }
}

/** The copy list: docs/product.md 2 names both paths for one screen. */
export type CopiedListPath = '/copied';
export type AfterCopyPath = CopiedListPath | '/approvecopied';

/**
 * docs/product.md 4: when the copy job is done the user goes to /copied, or to /approvecopied when
 * the source was ready, calculated or approved (its copies need no more answers).
 */
export function routeAfterCopy(source: Pick<BulkSource, 'status'> | null): AfterCopyPath {
  return source && COPY_DONE_STATUSES.includes(source.status) ? '/approvecopied' : '/copied';
}

/**
 * docs/product.md 4: after an approval from /approve/confirm the user goes to /approved; one
 * started from /copied returns to /copied; one from /approvecopied goes to its confirmation.
 */
export function routeAfterApproval(
  approval: Pick<ApprovalStart, 'from' | 'origin'>,
): '/approved' | '/copied' | '/approvecopied/confirmation' {
  if (approval.from === 'approveCopied') return '/approvecopied/confirmation';
  if (approval.from === 'copied' || isCopiedListPath(approval.origin)) return '/copied';
  return '/approved';
}

/** /copied and /copiedproperties are one screen (docs/product.md 2). */
export function isCopiedListPath(path: string | null | undefined): boolean {
  const pathname = (path ?? '').split(/[?#]/)[0]!.replace(/\/+$/, '');
  return pathname === '/copied' || pathname === '/copiedproperties';
}

/** Where Cancel returns: the flow's origin, else home. */
export function cancelRoute(state: Pick<BulkState, 'origin'>): string {
  return state.origin ?? '/';
}

export type TargetRoute =
  | { kind: 'residence'; propertyId: string }
  | { kind: 'screening'; propertyId: string; assessmentId: string; questionId: '001' };

/**
 * docs/product.md 4: Edit or Evaluate on one residence opens the residence, or screening question
 * 001 of its assessment when the mode is copyComplete.
 */
export function targetRoute(
  mode: BulkMode,
  item: { residenceId: string; assessmentId: string | null },
): TargetRoute {
  if (mode === 'copyComplete' && item.assessmentId) {
    return {
      kind: 'screening',
      propertyId: item.residenceId,
      assessmentId: item.assessmentId,
      questionId: '001',
    };
  }
  return { kind: 'residence', propertyId: item.residenceId };
}

/** The copy this assessment is, while the copy flow's list is the way back (docs/product.md 2). */
export function copiedEntryOf(state: BulkState, assessmentId: string): CopiedEntry | null {
  if (state.mode !== 'copyComplete' || isCopyRunning(state)) return null;
  return state.copied.find((entry) => entry.assessmentId === assessmentId) ?? null;
}

/**
 * The copied entries of docs/product.md 3 for what the copy job made: each new assessment with
 * its residence's address from the targets. Copies of an assessment with every required answer
 * have them too, so they may be approved at once (docs/product.md 4).
 */
export function copiedEntries(
  state: Pick<BulkState, 'source' | 'targets'>,
  made: readonly { propertyId: string; newAssessmentId: string }[],
): CopiedEntry[] {
  const locations = new Map(state.targets.map((target) => [target.propertyId, target.location]));
  const complete = state.source !== null && COPY_DONE_STATUSES.includes(state.source.status);
  return made.map((entry) => ({
    propertyId: entry.propertyId,
    assessmentId: entry.newAssessmentId,
    location: locations.get(entry.propertyId) ?? '',
    saved: false,
    eligibleForApproval: complete,
  }));
}

/** The copies of a finished copy flow (none while choosing, while the job runs, or idle). */
export function finishedCopies(state: BulkState): readonly CopiedEntry[] {
  return state.mode === 'copyComplete' && !isCopyRunning(state) ? state.copied : [];
}
