import { useState } from 'react';
import { followEntries, type SeenEntry } from '../../../domain/save-status';
import type { OutboxEntry } from '../../../offline/outbox';

/**
 * What the form has seen of its assessment's outbox entries in this visit, so that an answer
 * whose entry left the outbox shows "Gemt" (docs/architecture.md 2, "Save status") also after a
 * reload, when the form has no attempt of its own to go by, only the entry it found waiting.
 */
export function useSentAnswers(
  entries: readonly OutboxEntry[],
  assessmentId: string,
): ReadonlyMap<string, SeenEntry> {
  const [tracked, setTracked] = useState(() => ({
    entries,
    assessmentId,
    seen: followEntries(new Map(), entries, assessmentId),
  }));
  // Derived while rendering from the entries of the previous render (react.dev, "Storing
  // information from previous renders"): no effect, so the status never shows a stale frame.
  if (tracked.entries !== entries || tracked.assessmentId !== assessmentId) {
    const seen = tracked.assessmentId === assessmentId ? tracked.seen : new Map<string, SeenEntry>();
    setTracked({ entries, assessmentId, seen: followEntries(seen, entries, assessmentId) });
  }
  return tracked.seen;
}
