import type { PropertySearchResult } from '../../../shared/contract/dto';

/**
 * The server's hits for a query whose device hits were shown while the server was silent
 * (docs/architecture.md "Lie-fi is offline"): the rows already on screen keep their places, each
 * as the server now describes it when it found it too, and the server's other hits follow, up to
 * `size` rows in all (never fewer than were shown). A late answer that reordered the list could
 * otherwise put another residence under a finger already on its way to a row.
 */
export function keepShownHits(
  shown: readonly PropertySearchResult[],
  fresh: readonly PropertySearchResult[],
  size: number,
): PropertySearchResult[] {
  const freshById = new Map(fresh.map((hit) => [hit.residenceId, hit]));
  const kept = shown.map((hit) => freshById.get(hit.residenceId) ?? hit);
  const keptIds = new Set(kept.map((hit) => hit.residenceId));
  const added = fresh.filter((hit) => !keptIds.has(hit.residenceId));
  return [...kept, ...added].slice(0, Math.max(size, kept.length));
}
