import type { BulkSource, CopiedEntry } from './bulk-mode';
import type { ServerReach } from './server-reach';
import { pickWinner } from '../../shared/rules/duplicate-rule';
import { displayStatus, type DisplayStatus } from '../../shared/rules/statuses';

/**
 * What may be selected and which buttons of the selection action bar are enabled
 * (docs/product.md 4 "Bulk mode", 5 "Bulk buttons"), and the overwrite warning of the copy
 * summary (docs/product.md 4 "Overwrite"). Pure rules over list rows.
 */

/** A residence row as the lists hold it (PropertyRow and the search results fit). */
export interface BulkRow {
  residenceId: string;
  assessmentId: string | null;
  assessmentStatus: string;
  isCalculated: boolean;
  futureApprovedDate?: string | null;
  isConverted?: boolean;
}

/** docs/product.md 3: a row's key is its assessmentId, or the residenceId without one. */
export const rowKey = (row: Pick<BulkRow, 'assessmentId' | 'residenceId'>): string =>
  row.assessmentId ?? row.residenceId;

export const rowStatus = (row: BulkRow, now: Date = new Date()): DisplayStatus =>
  displayStatus(row.assessmentStatus, row.isCalculated, row.futureApprovedDate, now);

export type NotSelectableReason = 'source' | 'ready' | 'older';

/**
 * docs/product.md 4: while copying, the source residence, every row whose assessment is ready
 * and the older duplicates of a residence (rows the duplicate rule does not pick) cannot be
 * selected. Answers the reason by row key; rows not in the map may be selected.
 */
export function copyTargetBlocks(
  rows: readonly BulkRow[],
  source: Pick<BulkSource, 'propertyId' | 'assessmentId'> | null,
  now: Date = new Date(),
): ReadonlyMap<string, NotSelectableReason> {
  const byResidence = new Map<string, BulkRow[]>();
  for (const row of rows)
    byResidence.set(row.residenceId, [...(byResidence.get(row.residenceId) ?? []), row]);
  const blocks = new Map<string, NotSelectableReason>();
  for (const group of byResidence.values()) {
    const winner = group.length > 1 ? pickWinner(group, now) : group[0];
    for (const row of group) {
      const reason: NotSelectableReason | null =
        source && row.residenceId === source.propertyId
          ? 'source'
          : isWaitingForApproval(row, source, now)
            ? 'ready'
            : row !== winner
              ? 'older'
              : null;
      if (reason) blocks.set(rowKey(row), reason);
    }
  }
  return blocks;
}

/**
 * docs/product.md 3: waitingForApproval is a ready row that is not the source while copying. Such
 * a row cannot be a copy target, and the list says "Afventer godkendelse" for it.
 */
export function isWaitingForApproval(
  row: BulkRow,
  source: Pick<BulkSource, 'assessmentId'> | null,
  now: Date = new Date(),
): boolean {
  return rowStatus(row, now) === 'ready' && row.assessmentId !== source?.assessmentId;
}

/**
 * Why a button is disabled: the selection does not fit, or the server cannot be asked (jobs need
 * it): offline, or signed out on the device (src/domain/server-reach.ts).
 */
export type ActionBlock = 'selection' | Exclude<ServerReach, 'ready'> | null;

const reachBlock = (reach: ServerReach) => (reach === 'ready' ? null : reach);

/** docs/product.md 5: Copy needs exactly one selected row with an assessment that is not converted. */
export function copyBlock(selected: readonly BulkRow[], reach: ServerReach): ActionBlock {
  const [one] = selected;
  if (selected.length !== 1 || !one?.assessmentId || one.isConverted) return 'selection';
  return reachBlock(reach);
}

/** docs/product.md 5: Edit needs exactly one selected row with an assessment. */
export function editBlock(selected: readonly BulkRow[]): ActionBlock {
  return selected.length === 1 && selected[0]!.assessmentId ? null : 'selection';
}

/** docs/product.md 5: Evaluate needs exactly one selected row without an assessment. */
export function evaluateBlock(selected: readonly BulkRow[]): ActionBlock {
  return selected.length === 1 && !selected[0]!.assessmentId ? null : 'selection';
}

/** docs/product.md 4 and 5: Approve needs every selected row calculated. */
export function approveBlock(selected: readonly BulkRow[], reach: ServerReach): ActionBlock {
  if (selected.length === 0 || !selected.every((row) => rowStatus(row) === 'calculated')) return 'selection';
  return reachBlock(reach);
}

/**
 * docs/product.md 4: a copy may be approved once every required question is answered, that is
 * when its assessment as the server has it now is a calculated draft or rejected one. Before its
 * current state is known the flow's own word holds (copies of a complete assessment are).
 */
export function isCopyReadyForApproval(
  entry: Pick<CopiedEntry, 'eligibleForApproval'>,
  current: { assessmentStatus: string; isCalculated: boolean } | undefined,
): boolean {
  if (!current) return entry.eligibleForApproval;
  return (
    (current.assessmentStatus === 'draft' || current.assessmentStatus === 'rejected') && current.isCalculated
  );
}

/** docs/product.md 4 and 5: in the copied flow, Approve needs every selected copy ready for approval. */
export function approveCopiedBlock(selected: readonly CopiedEntry[], reach: ServerReach): ActionBlock {
  if (selected.length === 0 || !selected.every((entry) => entry.eligibleForApproval)) return 'selection';
  return reachBlock(reach);
}

/** docs/product.md 5: Paste is disabled with no targets (and without the server: the copy is a job). */
export function pasteBlock(
  targetCount: number,
  reach: ServerReach,
): 'noTargets' | Exclude<ServerReach, 'ready'> | null {
  if (targetCount === 0) return 'noTargets';
  return reachBlock(reach);
}

/** docs/product.md 2: the selection action bar is hidden on the approval and results pages. */
export function showsActionBar(pathname: string): boolean {
  return !/^\/(approve|approved|approvecopied|results)(\/|$)/.test(pathname);
}

export type OverwriteGroup = 'approved' | 'draft' | 'rejected' | 'ready';
export type OverwriteGroups = Record<OverwriteGroup, number>;

/** docs/product.md 4 "Overwrite": approved, draft (calculated included), rejected and ready. */
export function groupOverwrites(targets: readonly { status: DisplayStatus }[]): OverwriteGroups {
  const groups: OverwriteGroups = { approved: 0, draft: 0, rejected: 0, ready: 0 };
  for (const { status } of targets) {
    if (status === 'approved' || status === 'approvedFuture') groups.approved++;
    else if (status === 'draft' || status === 'calculated') groups.draft++;
    else if (status === 'rejected') groups.rejected++;
    else if (status === 'ready') groups.ready++;
  }
  return groups;
}

export const OVERWRITE_GROUP_ORDER: readonly OverwriteGroup[] = ['approved', 'draft', 'rejected', 'ready'];

export type OverwriteWording =
  | 'copy.overwriteWarning.body.withReady'
  | 'copy.overwriteWarning.body.approvedOnly'
  | 'copy.overwriteWarning.body.approvedAndOthers'
  | 'copy.overwriteWarning.body.othersOnly';

/**
 * docs/product.md 4 "Overwrite": one message names the kinds present; its wording follows the
 * combination. Ready ones cannot be overwritten; the others that are not approved are cancelled
 * by the copy; approved ones stay valid until their copy is approved. Null: nothing to warn of.
 */
export function overwriteWording(groups: OverwriteGroups): OverwriteWording | null {
  const others = groups.draft + groups.rejected;
  if (groups.ready > 0) return 'copy.overwriteWarning.body.withReady';
  if (groups.approved > 0 && others > 0) return 'copy.overwriteWarning.body.approvedAndOthers';
  if (groups.approved > 0) return 'copy.overwriteWarning.body.approvedOnly';
  if (others > 0) return 'copy.overwriteWarning.body.othersOnly';
  return null;
}
