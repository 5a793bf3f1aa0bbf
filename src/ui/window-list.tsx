import type { VirtualItem } from '@tanstack/react-virtual';
import { Fragment, useEffect, type ComponentPropsWithoutRef, type ReactNode, type RefObject } from 'react';
import { useWindowRows } from './use-window-rows';
import classes from './window-list.module.css';

/** What every window-virtualized list is given, whatever its elements. */
interface WindowListOptions<T> {
  items: readonly T[];
  /** Every row's height in pixels, its gap to the next included: the rows' heights are fixed. */
  rowHeight: number;
  /** How many rows past the window's edges are rendered too, to scroll into. */
  overscan: number;
  /**
   * Called when the rows in view come within `nearEndWithin` rows of the last item, and again
   * whenever more items arrive while they are: the next page is asked for as the user scrolls
   * (docs/performance.md, "The big list"). Left out while there is nothing more to ask for.
   */
  onNearEnd?: () => void;
  nearEndWithin?: number;
}

/** A `<ul>` as tall as all its rows, with the `<li>`s in view placed where they belong. */
interface ListProps<T> extends WindowListOptions<T> {
  as?: 'ul';
  /** The `<ul>`'s own attributes: its name, handlers for all its rows' links. */
  listProps?: Omit<ComponentPropsWithoutRef<'ul'>, 'children' | 'style' | 'className'>;
  /** A row's content: the list renders the `<li>` around it. */
  renderRow: (item: T, index: number) => ReactNode;
  /** More attributes of a row's `<li>`, such as the `data-*` that others find it by. */
  rowAttributes?: (item: T, index: number) => Record<`data-${string}`, string | number>;
  /** For a caller that needs the `<ul>` itself (to move focus into a row). */
  listRef?: RefObject<HTMLUListElement | null>;
}

/**
 * A table's `<tbody>`, with the rows in view between two spacer rows as tall as the rows left
 * out: positioned rows would leave the table's column layout.
 */
interface TableBodyProps<T> extends WindowListOptions<T> {
  as: 'tbody';
  /** The `<tbody>`'s own attributes: handlers for all its rows' links. */
  listProps?: Omit<ComponentPropsWithoutRef<'tbody'>, 'children' | 'style'>;
  /** The table's number of columns, which the spacer rows span. */
  columns: number;
  /** A whole row, its `<tr>` included: nothing of the list's can wrap a table row. */
  renderRow: (item: T, index: number) => ReactNode;
}

export type WindowListProps<T> = ListProps<T> | TableBodyProps<T>;

/**
 * A list whose items are rendered only while in view of the window, which scrolls (the page,
 * not the list: docs/performance.md, "The big list"). Its rows have a fixed height and are keyed
 * by position: when the items change (a filter keystroke, a page arriving) the elements in view
 * are updated in place rather than removed and created again, and while scrolling a position
 * keeps its item, so focus stays. A `<ul>` by default; `as="tbody"` for a table's body.
 */
export function WindowList<T>(props: WindowListProps<T>) {
  return props.as === 'tbody' ? <WindowTableBody {...props} /> : <WindowUl {...props} />;
}

function WindowUl<T>(props: ListProps<T>) {
  const { items, renderRow, rowAttributes, listProps } = props;
  const { ref, rows, top, totalHeight } = useWindowListRows<T, HTMLUListElement>(props, props.listRef);
  return (
    <ul {...listProps} ref={ref} className={classes.list} style={{ height: totalHeight }}>
      {rows.map((row) => {
        const item = items[row.index]!;
        return (
          <li
            key={row.index}
            className={classes.row}
            style={{ top: top(row), height: props.rowHeight }}
            {...rowAttributes?.(item, row.index)}
          >
            {renderRow(item, row.index)}
          </li>
        );
      })}
    </ul>
  );
}

function WindowTableBody<T>(props: TableBodyProps<T>) {
  const { items, renderRow, columns } = props;
  const { ref, rows, top, totalHeight } = useWindowListRows<T, HTMLTableSectionElement>(props);
  const first = rows.at(0);
  const last = rows.at(-1);
  const before = first ? top(first) : 0;
  const after = last ? totalHeight - (top(last) + last.size) : 0;
  return (
    <tbody {...props.listProps} ref={ref}>
      {before > 0 && <SpacerRow height={before} columns={columns} />}
      {rows.map((row) => (
        <Fragment key={row.index}>{renderRow(items[row.index]!, row.index)}</Fragment>
      ))}
      {after > 0 && <SpacerRow height={after} columns={columns} />}
    </tbody>
  );
}

/** The height of the rows not rendered, hidden from assistive technology. */
function SpacerRow(props: { height: number; columns: number }) {
  return (
    <tr aria-hidden style={{ height: props.height }}>
      <td colSpan={props.columns} />
    </tr>
  );
}

/** The rows in view, each one's offset within the list (`top`), and the list's whole height. */
function useWindowListRows<T, E extends HTMLElement>(
  options: WindowListOptions<T>,
  listRef?: RefObject<E | null>,
) {
  const { ref, virtualizer, scrollMargin } = useWindowRows<E>({
    count: options.items.length,
    itemHeight: options.rowHeight,
    overscan: options.overscan,
    ref: listRef,
  });
  const rows = virtualizer.getVirtualItems();
  useNearEnd(rows.at(-1)?.index ?? -1, options);
  // The virtualizer's offsets are the page's; the rows are placed within the list.
  const top = (row: VirtualItem) => row.start - scrollMargin;
  return { ref, rows, top, totalHeight: virtualizer.getTotalSize() };
}

function useNearEnd(lastInView: number, options: WindowListOptions<unknown>) {
  const { items, onNearEnd, nearEndWithin = 0 } = options;
  const nearEnd = onNearEnd !== undefined && lastInView >= items.length - 1 - nearEndWithin;
  useEffect(() => {
    if (nearEnd) onNearEnd?.();
  }, [nearEnd, onNearEnd, items.length]);
}
