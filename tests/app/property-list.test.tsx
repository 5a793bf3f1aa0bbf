// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PropertyList } from '../../src/features/residence-lists/components/property-list/property-list';
import { resetOfflineRegistry, updateOfflineRegistry } from '../../src/offline/client-state';
import { bulkStore } from '../../src/offline/bulk-state';
import { fillJsdomGaps, propertyRow, renderPages } from './test-render';

beforeAll(fillJsdomGaps);

const rows = [1, 2, 3]
  .map((n) => propertyRow(n))
  .concat([4, 5].map((n) => propertyRow(n, { streetName: 'Æblevej' })));

async function renderList() {
  const router = await renderPages(
    '/departments/properties/d1',
    {
      '/departments/properties/d1': () => <PropertyList rows={rows} />,
      '/residence/$propertyId': 'Boligen',
    },
    { session: { canWrite: true } },
  );
  await screen.findByText('5 boliger');
  return router;
}

const residenceLinks = () => screen.getAllByRole('link').map((link) => link.textContent);

/** Whether the app handled a click itself; the browser's own navigation is stopped (jsdom has none). */
function clickHandledByApp(element: Element, init: MouseEventInit = {}): boolean {
  let handled = false;
  const record = (event: Event) => {
    handled = event.defaultPrevented;
    event.preventDefault();
  };
  window.addEventListener('click', record, { once: true });
  fireEvent.click(element, init);
  return handled;
}

beforeEach(() => {
  sessionStorage.clear();
  bulkStore.reset();
});

afterEach(() => {
  bulkStore.reset();
  cleanup();
});

describe('the property list (docs/product.md 2)', () => {
  it('shows the residences a filter matches, in any case, and all of them again after a reset', async () => {
    await renderList();
    await userEvent.type(screen.getByLabelText('Filtrér på vej'), 'ÆBLE');
    expect(screen.getByText('Viser 2 af 5 boliger')).toBeInTheDocument();
    expect(residenceLinks()).toEqual(['Æblevej 4, 8000', 'Æblevej 5, 8000']);

    await userEvent.clear(screen.getByLabelText('Filtrér på vej'));
    await userEvent.type(screen.getByLabelText('Filtrér på husnummer'), '2-4');
    expect(residenceLinks()).toEqual(['Testvej 2, 8000', 'Testvej 3, 8000', 'Æblevej 4, 8000']);

    await userEvent.click(screen.getByRole('button', { name: 'Nulstil filtre' }));
    expect(screen.getByText('5 boliger')).toBeInTheDocument();
    expect(residenceLinks()).toHaveLength(5);
  });

  it('selects all of the residences shown after typing, not the ones the filter hides', async () => {
    await renderList();
    await userEvent.type(screen.getByLabelText('Filtrér på vej'), 'test');
    await userEvent.click(screen.getByRole('button', { name: 'Vælg alle' }));
    const bar = screen.getByRole('region', { name: 'Handlinger for de valgte boliger' });
    expect(within(bar).getByText('3 boliger valgt')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Nulstil filtre' }));
    expect(screen.getByRole('button', { name: 'Vælg alle' })).toBeInTheDocument();
    expect(
      rows.map(
        (r) => (screen.getByRole('checkbox', { name: `Vælg ${r.location}` }) as HTMLInputElement).checked,
      ),
    ).toEqual([true, true, true, false, false]);
  });

  it('opens a residence in the app from its link, and leaves a modified click to the browser', async () => {
    const router = await renderList();
    const link = screen.getByRole('link', { name: 'Æblevej 4, 8000' });
    expect(link).toHaveAttribute('href', '/residence/r4');

    expect(clickHandledByApp(link, { ctrlKey: true })).toBe(false);
    expect(router.state.location.pathname).toBe('/departments/properties/d1');

    expect(clickHandledByApp(link)).toBe(true);
    expect(await screen.findByRole('heading', { name: 'Boligen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/residence/r4');
  });

  it('keeps each row with its own residence when a filter changes the rows in view', async () => {
    await renderList();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Vælg Testvej 1, 8000' }));
    await userEvent.type(screen.getByLabelText('Filtrér på vej'), 'æble');
    // The row that showed Testvej 1 now shows Æblevej 4: its box, label and link follow.
    const box = screen.getByRole('checkbox', { name: 'Vælg Æblevej 4, 8000' });
    expect(box).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Æblevej 4, 8000' })).toHaveAttribute('href', '/residence/r4');
    await userEvent.clear(screen.getByLabelText('Filtrér på vej'));
    expect(screen.getByRole('checkbox', { name: 'Vælg Testvej 1, 8000' })).toBeChecked();
  });
});

describe('what is on the device', () => {
  afterEach(() => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
    localStorage.clear();
    resetOfflineRegistry();
  });

  it('marks a residence taken along, and offline shows one not on the device as a link that does not open', async () => {
    updateOfflineRegistry((r) => ({
      ...r,
      residences: {
        r2: {
          id: 'r2',
          location: 'Testvej 2, 8000',
          departmentId: 'd1',
          assessmentIds: [],
          fetchedAt: '2026-03-05T09:30:00.000Z',
          bytes: 100,
          sources: ['self'],
        },
      },
    }));
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    const router = await renderList();
    expect(screen.getAllByRole('img', { name: 'Taget med offline' })).toHaveLength(1);
    // Only the residence on the device is a link that opens.
    expect(
      screen
        .getAllByRole('link')
        .filter((l) => l.getAttribute('href'))
        .map((l) => l.textContent),
    ).toEqual(['Testvej 2, 8000']);
    const missing = screen.getByRole('link', { name: /^Testvej 1, 8000/ });
    expect(missing).toHaveAttribute('aria-disabled', 'true');
    expect(missing).toHaveAccessibleDescription('Ikke på enheden: boligen kan ikke åbnes uden forbindelse.');
    fireEvent.click(missing);
    expect(router.state.location.pathname).toBe('/departments/properties/d1');
  });
});

describe('the table of a desktop (from breakpoint md)', () => {
  let matchMedia: typeof window.matchMedia;
  beforeEach(() => {
    matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...matchMedia(query),
      matches: query.includes('min-width'),
    })) as typeof window.matchMedia;
  });
  afterEach(() => {
    window.matchMedia = matchMedia;
  });

  it("names each row's link by the whole address, not the street that every row of it shares", async () => {
    await renderList();
    expect(screen.getByRole('table')).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: 'Åbn Testvej 2, 8000' });
    // The street's link is the row's stop for Tab; the number's is for the mouse.
    expect(links.map((link) => [link.textContent, link.getAttribute('tabindex')])).toEqual([
      ['Testvej', null],
      ['2', '-1'],
    ]);
  });
});
