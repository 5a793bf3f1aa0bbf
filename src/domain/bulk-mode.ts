import { DISPLAY_STATUSES, type DisplayStatus } from '../../shared/rules/statuses';

/**
 * Bulk mode (docs/product.md 4 "Bulk mode"): one explicit state machine for copying one
 * assessment to many residences and approving many at once. Pure: the app keeps the state in
 * session storage (it survives a reload, logout clears it) and moves it only through
 * `bulkTransition`; an event that does not fit the current mode leaves the state as it is.
 */

export type BulkMode = 'idle' | 'copying' | 'copyComplete' | 'approving' | 'approvalComplete';

/** The assessment being copied (docs/product.md 3 "Client-held state": the source selection). */
export interface BulkSource {
  propertyId: string;
  assessmentId: string;
  status: DisplayStatus;
  location: string;
}

/** A residence chosen to receive the copy, with what it holds now (for the overwrite warning). */
export interface BulkTarget {
  propertyId: string;
  assessmentId: string | null;
  status: DisplayStatus;
  location: string;
}

/** docs/product.md 3 "Copied property entry". */
export interface CopiedEntry {
  propertyId: string;
  assessmentId: string;
  location: string;
  /** The user has gone back from the copy with "save answers" (docs/product.md 2). */
  saved: boolean;
  /** Every required question answered: the copy may be approved (docs/product.md 4). */
  eligibleForApproval: boolean;
}

/** docs/product.md 3 "Approve item": validFrom is an ISO date. */
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

// Restoring after a reload: the stored JSON is checked field by field; anything that does not
// fit gives idle rather than a flow that cannot go on.

const MODES: readonly BulkMode[] = ['idle', 'copying', 'copyComplete', 'approving', 'approvalComplete'];
const STARTS: readonly ApprovalStartedFrom[] = ['list', 'copied', 'approveCopied'];

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const isStatus = (v: unknown): v is DisplayStatus => DISPLAY_STATUSES.includes(v as DisplayStatus);

function parseSource(v: unknown): BulkSource | null {
  if (!isObject(v) || !isText(v.propertyId) || !isText(v.assessmentId) || !isStatus(v.status)) return null;
  if (typeof v.location !== 'string') return null;
  return { propertyId: v.propertyId, assessmentId: v.assessmentId, status: v.status, location: v.location };
}

function parseTarget(v: unknown): BulkTarget | null {
  if (!isObject(v) || !isText(v.propertyId) || !isStatus(v.status) || typeof v.location !== 'string')
    return null;
  if (v.assessmentId !== null && !isText(v.assessmentId)) return null;
  return { propertyId: v.propertyId, assessmentId: v.assessmentId, status: v.status, location: v.location };
}

function parseCopied(v: unknown): CopiedEntry | null {
  if (!isObject(v) || !isText(v.propertyId) || !isText(v.assessmentId) || typeof v.location !== 'string')
    return null;
  if (typeof v.saved !== 'boolean' || typeof v.eligibleForApproval !== 'boolean') return null;
  return {
    propertyId: v.propertyId,
    assessmentId: v.assessmentId,
    location: v.location,
    saved: v.saved,
    eligibleForApproval: v.eligibleForApproval,
  };
}

function parseApproveItem(v: unknown): BulkApproveItem | null {
  if (!isObject(v) || !isText(v.assessmentId) || !isText(v.propertyId) || !isText(v.validFrom)) return null;
  return { assessmentId: v.assessmentId, propertyId: v.propertyId, validFrom: v.validFrom };
}

function parseList<T>(v: unknown, parse: (item: unknown) => T | null): T[] | null {
  if (!Array.isArray(v)) return null;
  const items = v.map(parse);
  return items.every((item): item is T => item !== null) ? items : null;
}

function parseApproval(v: unknown): ApprovalStart | null {
  if (!isObject(v) || !STARTS.includes(v.from as ApprovalStartedFrom) || typeof v.origin !== 'string')
    return null;
  const items = parseList(v.items, parseApproveItem);
  const key = isText(v.key) ? v.key : null;
  const jobId = isText(v.jobId) ? v.jobId : null;
  return items && items.length > 0
    ? { from: v.from as ApprovalStartedFrom, items, origin: v.origin, key, jobId }
    : null;
}

export function serializeBulkState(state: BulkState): string {
  return JSON.stringify(state);
}

/** The state kept in session storage, or idle when there is none or it does not hold together. */
export function parseBulkState(raw: string | null | undefined): BulkState {
  if (!raw) return INITIAL_BULK_STATE;
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return INITIAL_BULK_STATE;
  }
  if (!isObject(v) || !MODES.includes(v.mode as BulkMode)) return INITIAL_BULK_STATE;
  const mode = v.mode as BulkMode;
  const source = v.source === null ? null : parseSource(v.source);
  const targets = parseList(v.targets, parseTarget);
  const copied = parseList(v.copied, parseCopied);
  const copyJobId = isText(v.copyJobId) ? v.copyJobId : null;
  const approval = v.approval === null ? null : parseApproval(v.approval);
  const origin = v.origin === null ? null : typeof v.origin === 'string' ? v.origin : undefined;
  const copyKey = v.copyKey === null ? null : isText(v.copyKey) ? v.copyKey : undefined;
  if (!targets || !copied || origin === undefined || copyKey === undefined) return INITIAL_BULK_STATE;
  if ((v.source !== null && !source) || (v.approval !== null && !approval)) return INITIAL_BULK_STATE;
  const state: BulkState = { mode, source, targets, origin, copyKey, copyJobId, copied, approval };
  return holdsTogether(state) ? state : INITIAL_BULK_STATE;
}

/** The invariants each mode needs to go on. */
function holdsTogether(state: BulkState): boolean {
  switch (state.mode) {
    case 'idle':
      return state.source === null && state.copyKey === null && state.approval === null;
    case 'copying':
      return state.source !== null && state.copyKey === null;
    case 'copyComplete':
      return state.source !== null && (state.copyKey !== null ? state.targets.length > 0 : true);
    case 'approving':
      return state.approval !== null && state.copyKey === null;
    case 'approvalComplete':
      return state.approval?.jobId != null && state.copyKey === null;
  }
}
