import { DISPLAY_STATUSES, type DisplayStatus } from '../../shared/rules/statuses';
import {
  INITIAL_BULK_STATE,
  type ApprovalStart,
  type ApprovalStartedFrom,
  type BulkApproveItem,
  type BulkMode,
  type BulkSource,
  type BulkState,
  type BulkTarget,
  type CopiedEntry,
} from './bulk-mode-state';

/**
 * The bulk flow's state as kept in session storage (docs/product.md 4 "Bulk mode": it survives a
 * reload). Restoring checks the stored JSON field by field; anything that does not fit gives idle
 * rather than a flow that cannot go on.
 */

const MODES: readonly BulkMode[] = ['idle', 'copying', 'copyComplete', 'approving', 'approvalComplete'];
const STARTS: readonly ApprovalStartedFrom[] = ['list', 'copied', 'approveCopied'];

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const isStatus = (v: unknown): v is DisplayStatus => DISPLAY_STATUSES.includes(v as DisplayStatus);

/** A target's fields, or null: a source is a target whose assessment is named. */
function parseTarget(v: unknown): BulkTarget | null {
  if (!isObject(v) || !isText(v.propertyId) || !isStatus(v.status) || typeof v.location !== 'string')
    return null;
  if (v.assessmentId !== null && !isText(v.assessmentId)) return null;
  // A later approval's day, when the stored entry has one (states stored before it had none).
  const laterDay = isText(v.futureApprovedDate) ? { futureApprovedDate: v.futureApprovedDate } : {};
  return {
    propertyId: v.propertyId,
    assessmentId: v.assessmentId,
    status: v.status,
    location: v.location,
    ...laterDay,
  };
}

function parseSource(v: unknown): BulkSource | null {
  const entry = parseTarget(v);
  return entry?.assessmentId ? { ...entry, assessmentId: entry.assessmentId } : null;
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
