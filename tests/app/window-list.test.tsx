// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WindowList } from '../../src/ui/window-list';

/**
 * The big lists render only the rows in view of the window and ask for more as the user nears
 * the end (docs/performance.md, "The big list"). jsdom lays nothing out: the list starts at the
 * top of the page and the window is jsdom's 768 pixels high.
 */

const ROW_HEIGHT = 50;
const addresses = (count: number) => Array.from({ length: count }, (_, i) => `Skovvej ${i + 1}`);

beforeEach(() => {
  Object.defineProperty(window, 'scrollY', { configurable: true, writable: true, value: 0 });
});

afterEach(cleanup);

/** Scrolls the window so that the list's last row is in view (the virtualizer reads scrollY). */
function scrollToListEnd() {
  const list = screen.getByRole('list');
  window.scrollY = Number.parseFloat(list.style.height) - window.innerHeight;
  fireEvent.scroll(window);
}

function AddressList(props: { items: readonly string[]; onNearEnd?: () => void }) {
  return (
    <WindowList
      items={props.items}
      rowHeight={ROW_HEIGHT}
      overscan={4}
      onNearEnd={props.onNearEnd}
      nearEndWithin={10}
      listProps={{ 'aria-label': 'Boliger' }}
      rowAttributes={(_, index) => ({ 'data-index': index })}
      renderRow={(address) => <a href={`#${address}`}>{address}</a>}
    />
  );
}

describe('a window-virtualized list', () => {
  it('is as tall as all its rows but renders only those in view, and the rest as it scrolls', () => {
    render(<AddressList items={addresses(2000)} />);
    const list = screen.getByRole('list', { name: 'Boliger' });
    expect(list).toHaveStyle({ height: `${2000 * ROW_HEIGHT}px` });
    const shown = within(list).getAllByRole('listitem');
    expect(shown.length).toBeGreaterThan(5);
    expect(shown.length).toBeLessThan(100);
    expect(shown[0]).toHaveTextContent('Skovvej 1');
    expect(shown[0]).toHaveAttribute('data-index', '0');

    scrollToListEnd();
    const atEnd = within(list).getAllByRole('listitem');
    expect(atEnd.length).toBeLessThan(100);
    expect(atEnd.at(-1)).toHaveTextContent('Skovvej 2000');
    expect(within(list).queryByText('Skovvej 1')).not.toBeInTheDocument();
  });

  it('calls onNearEnd when the end comes into view, and again when more items arrive there', () => {
    const onNearEnd = vi.fn();
    const { rerender } = render(<AddressList items={addresses(200)} onNearEnd={onNearEnd} />);
    expect(onNearEnd).not.toHaveBeenCalled();

    scrollToListEnd();
    expect(onNearEnd).toHaveBeenCalledTimes(1);
    // Scrolling on near the end asks no more while no more have arrived.
    fireEvent.scroll(window);
    expect(onNearEnd).toHaveBeenCalledTimes(1);

    rerender(<AddressList items={addresses(205)} onNearEnd={onNearEnd} />);
    expect(onNearEnd).toHaveBeenCalledTimes(2);
    // Once the caller has nothing more to ask for, it leaves the callback out.
    rerender(<AddressList items={addresses(210)} />);
    expect(onNearEnd).toHaveBeenCalledTimes(2);
  });

  it('as a table body, renders the rows in view between spacer rows as tall as the rest', () => {
    const items = addresses(2000);
    render(
      <table>
        <WindowList
          as="tbody"
          columns={2}
          items={items}
          rowHeight={ROW_HEIGHT}
          overscan={4}
          renderRow={(address, index) => (
            <tr>
              <td>{address}</td>
              <td>{index}</td>
            </tr>
          )}
        />
      </table>,
    );
    window.scrollY = 1000 * ROW_HEIGHT;
    fireEvent.scroll(window);
    const body = screen.getAllByRole('rowgroup')[0]!;
    const rows = within(body).getAllByRole('row', { hidden: true });
    const spacers = rows.filter((row) => row.getAttribute('aria-hidden') === 'true');
    const shown = within(body).getAllByRole('row');
    expect(spacers).toHaveLength(2);
    expect(rows.at(0)).toBe(spacers[0]);
    expect(rows.at(-1)).toBe(spacers[1]);
    expect(shown.length).toBeLessThan(100);
    expect(within(body).getByRole('cell', { name: 'Skovvej 1001' })).toBeInTheDocument();
    const height = (row: HTMLElement) => Number.parseFloat(row.style.height);
    expect(height(spacers[0]!) + shown.length * ROW_HEIGHT + height(spacers[1]!)).toBe(
      items.length * ROW_HEIGHT,
    );
  });
});
