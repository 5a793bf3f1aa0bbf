import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { NotSelectableReason } from '../../../../domain/bulk-selection';
import type { PropertyListItem } from './list-items';

export interface ListSelection {
  selected: ReadonlySet<string>;
  toggle: (key: string) => void;
  toggleAll: () => void;
  clear: () => void;
  allSelected: boolean;
  someSelected: boolean;
  selectedItems: readonly PropertyListItem[];
  /** Rows that cannot be selected, with the reason (while copying, docs/product.md 4). */
  blocked: ReadonlyMap<string, NotSelectableReason>;
}

const NOTHING_BLOCKED: ReadonlyMap<string, NotSelectableReason> = new Map();

/** Selected list items by key; select-all works on the rows the filters show. */
export function useListSelection(
  all: readonly PropertyListItem[],
  visible: readonly PropertyListItem[],
): ListSelection {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const toggle = useCallback((key: string) => {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }, []);
  const allSelected =
    selected.size > 0 && visible.length > 0 && visible.every((item) => selected.has(item.key));
  const someSelected = selected.size > 0 && !allSelected && visible.some((item) => selected.has(item.key));
  const latest = useLatest({ visible, allSelected });
  const toggleAll = useCallback(() => {
    const { visible, allSelected } = latest.current;
    setSelected(allSelected ? new Set() : new Set(visible.map((item) => item.key)));
  }, [latest]);
  const clear = useCallback(() => setSelected(new Set()), []);
  const selectedItems = useMemo(
    () => (selected.size === 0 ? [] : all.filter((item) => selected.has(item.key))),
    [all, selected],
  );
  return {
    selected,
    toggle,
    toggleAll,
    clear,
    allSelected,
    someSelected,
    selectedItems,
    blocked: NOTHING_BLOCKED,
  };
}

/**
 * A ref to the latest value, for callbacks that must keep their identity while the rows they
 * act on change: select-all sits in the table head, which a filter keystroke should not
 * re-render (docs/performance.md, "The big list").
 */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
