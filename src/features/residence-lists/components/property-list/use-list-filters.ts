import { useCallback, useMemo, useState } from 'react';
import {
  hasFilters,
  NO_FILTERS,
  propertyFilter,
  type PropertyFilters,
} from '../../../../../shared/rules/property-filter';
import type { PropertyListItem } from './list-items';

/**
 * The list's filters (docs/product.md 2 "Other screens and parts") and the rows they let through.
 */
export function useListFilters(items: readonly PropertyListItem[], initial?: Partial<PropertyFilters>) {
  // `initial`: a link into the list filtered (the overview's numbers: ?status=…).
  const [filters, setFilters] = useState<PropertyFilters>(() => ({ ...NO_FILTERS, ...initial }));
  // One render per keystroke: filtering runs over search keys built once per data set, and
  // only the input typed in and the rows in view render (docs/performance.md, "The big list").
  // useDeferredValue was measured too: its second render and frame cost more than it saved.
  // Without filters the rows are the items themselves: the page's first render runs no filter
  // over every row and builds no second array of them.
  const visible = useMemo(() => {
    if (!hasFilters(filters)) return items;
    const matches = propertyFilter(filters);
    return items.filter((item) => matches(item.searchKey));
  }, [items, filters]);
  const onFilter = useCallback(
    (patch: Partial<PropertyFilters>) => setFilters((f) => ({ ...f, ...patch })),
    [],
  );
  const clearFilters = useCallback(() => setFilters(NO_FILTERS), []);
  return { filters, visible, onFilter, clearFilters };
}
