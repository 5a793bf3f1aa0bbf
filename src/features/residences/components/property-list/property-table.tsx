import { Checkbox, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { memo, type MouseEvent, type ReactNode } from 'react';
import type { NotSelectableReason } from '../../../../domain/bulk-selection';
import { OfflineMark } from '../../take-along/components/offline-mark';
import type { Availability } from '../../take-along/use-offline-availability';
import type { PropertyFilters } from '../../../../domain/property-filter';
import { useTranslation } from '../../../../i18n/use-translation';
import { StatusBadge } from '../../../../ui/status-badge';
import { FilterInput, StatusFilter, type OnFilter } from './filter-inputs';
import type { PropertyListItem } from './list-items';
import classes from './property-list.module.css';
import type { ListSelection } from './use-list-selection';
import { useResidenceLinks } from './use-residence-links';
import { useWindowRows } from '../../../../ui/use-window-rows';

/** docs/product.md 9: table row height 44, header height 52. */
const ROW_HEIGHT = 44;
const COLUMNS = 7;

export function ConvertedMark() {
  const t = useTranslation();
  return (
    <Tooltip
      label={t('propertiesList.converted.tooltip')}
      multiline
      w={260}
      events={{ hover: true, focus: true, touch: true }}
    >
      <span
        className={classes.converted}
        tabIndex={0}
        role="img"
        aria-label={t('propertiesList.converted.tooltip')}
      >
        <IconAlertTriangle size={18} aria-hidden />
      </span>
    </Tooltip>
  );
}

/** Memoised with a stable `toggleAll` (useLatest), so that a keystroke does not render it. */
const SelectAll = memo(function SelectAll(props: {
  allSelected: boolean;
  someSelected: boolean;
  toggleAll: () => void;
}) {
  const t = useTranslation();
  return (
    <Checkbox
      aria-label={props.allSelected ? t('propertiesList.deselectAll') : t('propertiesList.selectAll')}
      checked={props.allSelected}
      indeterminate={props.someSelected}
      onChange={props.toggleAll}
    />
  );
});

/** Column headers and the filter row; a keystroke renders them, but of their inputs only the one typed in. */
const TableHead = memo(function TableHead(props: {
  filters: PropertyFilters;
  onFilter: OnFilter;
  allSelected: boolean;
  someSelected: boolean;
  toggleAll: () => void;
}) {
  const t = useTranslation();
  const { filters, onFilter } = props;
  const filterInput = (
    field: Exclude<keyof PropertyFilters, 'status'>,
    label: string,
    placeholder = t('propertiesList.filter.placeholder'),
  ) => (
    <FilterInput
      field={field}
      value={filters[field]}
      label={label}
      placeholder={placeholder}
      inTable
      onFilter={onFilter}
    />
  );
  return (
    <thead className={classes.head}>
      <tr>
        <th className={classes.check} scope="col">
          <SelectAll
            allSelected={props.allSelected}
            someSelected={props.someSelected}
            toggleAll={props.toggleAll}
          />
        </th>
        <th scope="col">{t('propertiesList.column.streetName')}</th>
        <th scope="col">{t('propertiesList.column.streetNumber')}</th>
        <th scope="col">{t('propertiesList.column.floor')}</th>
        <th scope="col">{t('propertiesList.column.door')}</th>
        <th scope="col">{t('propertiesList.column.zipCode')}</th>
        <th scope="col">{t('propertiesList.column.status')}</th>
      </tr>
      <tr className={classes.filterRow}>
        <td />
        <td>{filterInput('streetName', t('propertiesList.filter.streetName'))}</td>
        <td>
          {filterInput(
            'streetNumber',
            t('propertiesList.filter.streetNumber'),
            t('propertiesList.filter.streetNumber.placeholder'),
          )}
        </td>
        <td>{filterInput('floor', t('propertiesList.filter.floor'))}</td>
        <td>{filterInput('door', t('propertiesList.filter.door'))}</td>
        <td>{filterInput('zipCode', t('propertiesList.filter.zipCode'))}</td>
        <td>
          <StatusFilter value={filters.status} inTable onFilter={onFilter} />
        </td>
      </tr>
    </thead>
  );
});

/**
 * Offline and never on the device (docs/architecture.md 2, "Taken along offline"): a link that
 * does not open and says why. A card shows the reason under the address; a table row has no room,
 * so it is read out and a tooltip.
 */
export function NotOnDeviceLink(props: {
  className: string;
  reasonId: string;
  showReason: boolean;
  children: ReactNode;
}) {
  const t = useTranslation();
  const reason = t('takeAlong.notOnDevice');
  return (
    <a
      className={`${props.className} ${classes.unavailable}`}
      role="link"
      aria-disabled="true"
      tabIndex={0}
      aria-describedby={props.reasonId}
      title={props.showReason ? undefined : reason}
    >
      {props.children}
      <span id={props.reasonId} className={props.showReason ? classes.notSelectable : classes.visuallyHidden}>
        {reason}
      </span>
    </a>
  );
}

/**
 * One residence; plain elements (not Mantine's, nor the router's Link: see useResidenceLinks)
 * because a keystroke renders every row in view anew.
 */
const TableRow = memo(function TableRow(props: {
  item: PropertyListItem;
  rowIndex: number;
  selected: boolean;
  toggle: (key: string) => void;
  blocked: NotSelectableReason | undefined;
  href: string;
  availability: Availability;
}) {
  const t = useTranslation();
  const { item } = props;
  const reason = props.blocked ? t(`propertiesList.notSelectable.${props.blocked}`) : null;
  const reasonId = `not-selectable-${item.key}`;
  const unavailable = props.availability === 'unavailable';
  return (
    <tr className={classes.row} style={{ height: ROW_HEIGHT }} aria-rowindex={props.rowIndex}>
      <td className={classes.check}>
        {/* docs/product.md 4: a row that cannot be a copy target says why; it stays focusable
            (aria-disabled, not disabled) so that the reason is heard by keyboard users too. */}
        <input
          type="checkbox"
          className={classes.rowCheck}
          aria-label={t('propertiesList.selectRow', { location: item.location })}
          checked={props.selected}
          onChange={() => props.toggle(item.key)}
          {...(reason
            ? {
                'aria-disabled': true,
                'aria-describedby': reasonId,
                title: reason,
                onClick: (e: MouseEvent) => e.preventDefault(),
              }
            : {})}
        />
        {reason && (
          <span id={reasonId} className={classes.visuallyHidden}>
            {reason}
          </span>
        )}
      </td>
      <td>
        {unavailable ? (
          <NotOnDeviceLink className={classes.link} reasonId={`not-on-device-${item.key}`} showReason={false}>
            {item.streetName}
          </NotOnDeviceLink>
        ) : (
          // Named by the whole address, as the number's link: a street's name alone is the same
          // on every row of the street (WCAG 2.4.4), and it is the row's one stop for Tab.
          <a
            className={classes.link}
            href={props.href}
            data-residence-id={item.residenceId}
            aria-label={t('propertiesList.openResidence', { location: item.location })}
          >
            {item.streetName}
          </a>
        )}
      </td>
      <td>
        {unavailable ? (
          item.streetNumber
        ) : (
          <a
            className={classes.link}
            href={props.href}
            data-residence-id={item.residenceId}
            aria-label={t('propertiesList.openResidence', { location: item.location })}
            tabIndex={-1}
          >
            {item.streetNumber}
          </a>
        )}
      </td>
      <td>{item.floorNumber ?? ''}</td>
      <td>{item.doorCode ?? ''}</td>
      <td>{item.zipCode}</td>
      <td>
        <span className={classes.statusCell}>
          <StatusBadge
            status={item.displayStatus}
            futureApprovedDate={item.futureApprovedDate}
            waitingForApproval={props.blocked === 'ready'}
          />
          {item.isConverted && <ConvertedMark />}
          {props.availability === 'kept' && <OfflineMark />}
        </span>
      </td>
    </tr>
  );
});

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
