import { useCallback, useMemo } from 'react';
import type { PropertyRow } from '../../../../../shared/contract/dto';
import type { BulkState, BulkTarget } from '../../../../domain/bulk-mode';
import { copyTargetBlocks, type NotSelectableReason } from '../../../../domain/bulk-selection';
import { bulkStore } from '../../../../offline/bulk-state';
import type { PropertyListItem } from './list-items';
import { useLatest, type ListSelection } from './use-list-selection';

const NOTHING_BLOCKED: ReadonlyMap<string, NotSelectableReason> = new Map();
const NOTHING_SELECTED: ReadonlySet<string> = new Set();
const NO_ITEMS: ReadonlyMap<string, PropertyListItem> = new Map();

const toTarget = (item: PropertyListItem): BulkTarget => ({
  propertyId: item.residenceId,
  assessmentId: item.assessmentId,
  status: item.displayStatus,
  location: item.location,
  futureApprovedDate: item.futureApprovedDate,
});

/**
 * The list's selection while copying (docs/product.md 4 "Bulk mode"): the checked rows are the
 * flow's targets, kept in session storage with the flow, so a reload, another list or the
 * /copy summary see the same choice. The source, ready rows and older duplicates cannot be
 * checked; `blocked` says why.
 */
export function useCopySelection(
  rows: readonly PropertyRow[],
  all: readonly PropertyListItem[],
  visible: readonly PropertyListItem[],
  state: BulkState,
): ListSelection {
  // The list calls this hook always (hooks cannot be conditional) but uses it only while
  // copying; otherwise it derives nothing, as the page's first render must stay cheap
  // (docs/performance.md, "The big list").
  const copying = state.mode === 'copying';
  const blocked = useMemo(
    () => (copying ? copyTargetBlocks(rows, state.source) : NOTHING_BLOCKED),
    [copying, rows, state.source],
  );
  const selected = useMemo(() => {
    if (!copying) return NOTHING_SELECTED;
    const ids = new Set(state.targets.map((t) => t.propertyId));
    return new Set(all.filter((item) => ids.has(item.residenceId)).map((item) => item.key));
  }, [copying, all, state.targets]);
  const byKey = useMemo(
    () => (copying ? new Map(all.map((item) => [item.key, item])) : NO_ITEMS),
    [copying, all],
  );
  const selectable = useMemo(
    () => (copying ? visible.filter((item) => !blocked.has(item.key)) : []),
    [copying, visible, blocked],
  );

  // Read at the moment of the click: two quick clicks must not undo each other.
  const targets = () => bulkStore.getSnapshot().targets;
  const toggle = useCallback(
    (key: string) => {
      const item = byKey.get(key);
      if (!item || blocked.has(key)) return;
      const current = targets();
      const next = current.some((t) => t.propertyId === item.residenceId)
        ? current.filter((t) => t.propertyId !== item.residenceId)
        : [...current, toTarget(item)];
      bulkStore.dispatch({ type: 'selectTargets', targets: next });
    },
    [byKey, blocked],
  );

  const allSelected = selectable.length > 0 && selectable.every((item) => selected.has(item.key));
  const someSelected = !allSelected && selectable.some((item) => selected.has(item.key));
  const latest = useLatest({ selectable, allSelected });
  const toggleAll = useCallback(() => {
    const { selectable, allSelected } = latest.current;
    const current = targets();
    if (allSelected) {
      const shown = new Set(selectable.map((item) => item.residenceId));
      bulkStore.dispatch({ type: 'selectTargets', targets: current.filter((t) => !shown.has(t.propertyId)) });
    } else {
      const chosen = new Set(current.map((t) => t.propertyId));
      const added = selectable.filter((item) => !chosen.has(item.residenceId)).map(toTarget);
      bulkStore.dispatch({ type: 'selectTargets', targets: [...current, ...added] });
    }
  }, [latest]);
  const clear = useCallback(() => {
    const shown = new Set(all.map((item) => item.residenceId));
    bulkStore.dispatch({ type: 'selectTargets', targets: targets().filter((t) => !shown.has(t.propertyId)) });
  }, [all]);
  const selectedItems = useMemo(
    () => (selected.size === 0 ? [] : all.filter((item) => selected.has(item.key))),
    [all, selected],
  );
  return { selected, toggle, toggleAll, clear, allSelected, someSelected, selectedItems, blocked };
}
