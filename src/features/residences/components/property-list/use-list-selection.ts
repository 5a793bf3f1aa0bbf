import { useCallback, useMemo, useState } from 'react';
import type { PropertyListItem } from './list-items';

/** Selected list items by key; select-all works on the rows the filters show. */
export function useListSelection(all: readonly PropertyListItem[], visible: readonly PropertyListItem[]) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const toggle = useCallback((key: string) => {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }, []);
  const allSelected = visible.length > 0 && visible.every((item) => selected.has(item.key));
  const someSelected = !allSelected && visible.some((item) => selected.has(item.key));
  const toggleAll = useCallback(() => {
    setSelected(allSelected ? new Set() : new Set(visible.map((item) => item.key)));
  }, [allSelected, visible]);
  const clear = useCallback(() => setSelected(new Set()), []);
  const selectedItems = useMemo(() => all.filter((item) => selected.has(item.key)), [all, selected]);
  return { selected, toggle, toggleAll, clear, allSelected, someSelected, selectedItems };
}

export type ListSelection = ReturnType<typeof useListSelection>;
