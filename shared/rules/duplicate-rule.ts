import { hasFutureApproval, normalizeLegacyStatus } from './statuses';

/**
 * Which assessment wins when one residence appears more than once (docs/product.md 4):
 *
 *   1. approved without a future date, or ready;
 *   2. then draft, calculated or rejected;
 *   3. then approved with a future date (one still in the future);
 *   4. otherwise the first.
 *
 * Among equals the first in the given order wins; the server lists a residence's assessments
 * newest first, so the newest of a rank wins.
 */

export interface DuplicateCandidate {
  assessmentStatus?: string | null;
  /** Accepted for symmetry with the wire rows; a calculated draft ranks as a draft. */
  isCalculated?: boolean;
  futureApprovedDate?: string | null;
}

/** 0 (best) to 3 (otherwise: notStarted, cancelled, unknown). */
export function duplicateRank(item: DuplicateCandidate, now: Date = new Date()): number {
  const status = item.assessmentStatus ? normalizeLegacyStatus(item.assessmentStatus) : '';
  switch (status) {
    case 'approved':
      return hasFutureApproval(item.futureApprovedDate, now) ? 2 : 0;
    case 'ready':
      return 0;
    case 'draft':
    case 'calculated':
    case 'rejected':
      return 1;
    default:
      return 3;
  }
}

/** The winner among the items of one residence; undefined for no items. */
export function pickWinner<T extends DuplicateCandidate>(
  items: readonly T[],
  now: Date = new Date(),
): T | undefined {
  let winner: T | undefined;
  let best = Number.POSITIVE_INFINITY;
  for (const item of items) {
    const rank = duplicateRank(item, now);
    if (rank < best) {
      winner = item;
      best = rank;
    }
  }
  return winner;
}

/**
 * One row per residence: the winner of its rows, at the place of the residence's first row.
 * `key` defaults to the residenceId; rows without a key (missing or empty residenceId, docs/product.md 3's
 * "invalid") are never merged with each other.
 */
export function applyDuplicateRule<T extends DuplicateCandidate & { residenceId?: string | null }>(
  rows: readonly T[],
  key: (row: T) => string | null | undefined = (row) => row.residenceId,
  now: Date = new Date(),
): T[] {
  const groups = new Map<string, T[]>();
  const order: T[][] = [];
  for (const row of rows) {
    const k = key(row);
    if (!k || k === 'invalid') {
      order.push([row]);
      continue;
    }
    let group = groups.get(k);
    if (!group) {
      group = [];
      groups.set(k, group);
      order.push(group);
    }
    group.push(row);
  }
  // A residence listed once wins without ranking: most rows of a big list are alone, and
  // ranking parses statuses and dates for nothing (docs/performance.md, "The big list").
  return order.map((group) => (group.length === 1 ? group[0]! : pickWinner(group, now)!));
}
