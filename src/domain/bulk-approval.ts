import { isSelectableDay } from './approval';
import type { ApprovalStartedFrom, BulkApproveItem, CopiedEntry } from './bulk-mode';

/**
 * Approving many assessments at once (docs/product.md 2 /approve, 4 "Bulk mode", 5): what the
 * approval pages are handed, how it is checked after a reload, and what a finished job approved.
 * Pure: the pages keep the request in the navigation (history) state and in session storage.
 */

/** A residence chosen for approval, as /approve lists it. */
export interface ApprovalCandidate {
  propertyId: string;
  assessmentId: string;
  location: string;
}

/**
 * docs/product.md 2: /approve receives the properties and the origin path in its navigation
 * state; `from` says which flow chose them (a residence list, /copied or /approvecopied).
 */
export interface ApprovalRequest {
  from: ApprovalStartedFrom;
  properties: ApprovalCandidate[];
  /** The page the user chose them on: the way back, and (for /copied) where the flow ends. */
  origin: string;
}

const FROM: readonly ApprovalStartedFrom[] = ['list', 'copied', 'approveCopied'];

const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function parseCandidate(v: unknown): ApprovalCandidate | null {
  if (!isObject(v) || !isText(v.propertyId) || !isText(v.assessmentId) || typeof v.location !== 'string')
    return null;
  return { propertyId: v.propertyId, assessmentId: v.assessmentId, location: v.location };
}

/**
 * A request read back from the history state or session storage, or null when it does not hold
 * together (nothing chosen, a field missing, an origin that is not a path on this site). An
 * assessment listed twice is kept once.
 */
export function parseApprovalRequest(v: unknown): ApprovalRequest | null {
  if (!isObject(v) || !FROM.includes(v.from as ApprovalStartedFrom) || !Array.isArray(v.properties))
    return null;
  if (typeof v.origin !== 'string' || !v.origin.startsWith('/') || v.origin.startsWith('//')) return null;
  const properties: ApprovalCandidate[] = [];
  const seen = new Set<string>();
  for (const item of v.properties) {
    const candidate = parseCandidate(item);
    if (!candidate) return null;
    if (seen.has(candidate.assessmentId)) continue;
    seen.add(candidate.assessmentId);
    properties.push(candidate);
  }
  if (properties.length === 0) return null;
  return { from: v.from as ApprovalStartedFrom, properties, origin: v.origin };
}

/**
 * The finish job's items: every chosen assessment from the same day (docs/product.md 3
 * "approval item").
 */
export function approvalItems(
  properties: readonly ApprovalCandidate[],
  validFrom: string,
): BulkApproveItem[] {
  return properties.map((p) => ({ assessmentId: p.assessmentId, propertyId: p.propertyId, validFrom }));
}

/**
 * docs/product.md 4 and 5: in the copied flow the copies that are ready for approval (every
 * required answer given) are the ones approved.
 */
export function copiedCandidates(copied: readonly CopiedEntry[]): ApprovalCandidate[] {
  return copied
    .filter((entry) => entry.eligibleForApproval)
    .map((entry) => ({
      propertyId: entry.propertyId,
      assessmentId: entry.assessmentId,
      location: entry.location,
    }));
}

/**
 * The day an approval applies from when it is a later day than today ("Gælder fra" on
 * /approved), as YYYY-MM-DD; null for an approval from today. validFrom is written with the
 * local offset (src/domain/approval.ts), so its date part is the chosen day, and a later day is
 * one the date picker could choose.
 */
export function futureDayOf(validFrom: string, now: Date = new Date()): string | null {
  const day = validFrom.slice(0, 10);
  return isSelectableDay(day, now) ? day : null;
}
