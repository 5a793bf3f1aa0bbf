import type { PropertyFilters } from '../../../../../shared/rules/property-filter';
import { useResidenceLinks } from '../../../../ui/use-residence-links';
import { WindowList } from '../../../../ui/window-list';
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
      <WindowList
        as="tbody"
        columns={COLUMNS}
        items={props.items}
        rowHeight={ROW_HEIGHT}
        // Rows past the viewport mount on every filter change too: a few are enough to scroll into.
        overscan={6}
        listProps={links.listProps}
        renderRow={(item, index) => (
          <TableRow
            item={item}
            // After the head's two rows (the titles and the filters).
            rowIndex={index + 3}
            selected={selection.selected.has(item.key)}
            toggle={selection.toggle}
            blocked={selection.blocked.get(item.key)}
            href={links.href(item.residenceId)}
            availability={props.availability(item.residenceId)}
          />
        )}
      />
    </table>
  );
}
