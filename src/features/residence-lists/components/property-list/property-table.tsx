import type { PropertyFilters } from '../../../../domain/property-filter';
import { useResidenceLinks } from '../../../../ui/use-residence-links';
import { useWindowRows } from '../../../../ui/use-window-rows';
import type { Availability } from '../../hooks/use-offline-availability';
import type { OnFilter } from './filter-inputs';
import type { PropertyListItem } from './list-items';
import classes from './property-list.module.css';
import { TableHead } from './table-head';
import { ROW_HEIGHT, TableRow } from './table-row';
import type { ListSelection } from './use-list-selection';

const COLUMNS = 7;

/**
 * The desktop property list (from breakpoint md): a real table with a filter row, whose body
 * renders only the rows in view (the big department has over 2,000) between two spacer rows.
 */
export function PropertyTable(props: {
  items: readonly PropertyListItem[];
  filters: PropertyFilters;
  onFilter: OnFilter;
  selection: ListSelection;
  availability: (residenceId: string) => Availability;
}) {
  const { ref, virtualizer, scrollMargin } = useWindowRows<HTMLTableSectionElement>({
    count: props.items.length,
    itemHeight: ROW_HEIGHT,
    // Rows past the viewport mount on every filter change too: a few are enough to scroll into.
    overscan: 6,
  });
  const rows = virtualizer.getVirtualItems();
  const before = rows.length > 0 ? rows[0]!.start - scrollMargin : 0;
  const after = rows.length > 0 ? virtualizer.getTotalSize() - (rows.at(-1)!.end - scrollMargin) : 0;
  const { selection } = props;
  const links = useResidenceLinks();

  return (
    <table className={classes.table} aria-rowcount={props.items.length + 2}>
      <TableHead
        filters={props.filters}
        onFilter={props.onFilter}
        allSelected={selection.allSelected}
        someSelected={selection.someSelected}
        toggleAll={selection.toggleAll}
      />
      <tbody ref={ref} {...links.listProps}>
        {before > 0 && (
          <tr aria-hidden style={{ height: before }}>
            <td colSpan={COLUMNS} />
          </tr>
        )}
        {rows.map((virtual) => {
          const item = props.items[virtual.index]!;
          // Keyed by position: when a keystroke changes the rows in view, their elements are
          // updated in place rather than removed and created again (docs/performance.md,
          // "The big list"); while scrolling a position keeps its residence, so focus stays.
          return (
            <TableRow
              key={virtual.index}
              item={item}
              rowIndex={virtual.index + 3}
              selected={selection.selected.has(item.key)}
              toggle={selection.toggle}
              blocked={selection.blocked.get(item.key)}
              href={links.href(item.residenceId)}
              availability={props.availability(item.residenceId)}
            />
          );
        })}
        {after > 0 && (
          <tr aria-hidden style={{ height: after }}>
            <td colSpan={COLUMNS} />
          </tr>
        )}
      </tbody>
    </table>
  );
}
