// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PropertyList } from '../../src/features/residence-lists/components/property-list/property-list';
import { bulkStore } from '../../src/offline/bulk-state';
import { fillJsdomGaps, propertyRow, renderPages } from './test-render';

beforeAll(fillJsdomGaps);

const rows = [
  propertyRow(1, { assessmentId: 'a1', assessmentStatus: 'draft', isCalculated: true }),
  propertyRow(2),
  propertyRow(3, { assessmentId: 'a3', assessmentStatus: 'ready' }),
  propertyRow(4, { assessmentId: 'a4', assessmentStatus: 'approved' }),
  propertyRow(5, { assessmentId: 'a5', assessmentStatus: 'draft', isConverted: true }),
];

async function renderList(canWrite = true) {
  // The list reads the session from the context of the app's `_signedIn` layout.
  await renderPages(
    '/departments/properties/d1',
    { '/departments/properties/d1': () => <PropertyList rows={rows} /> },
    { session: { canWrite } },
  );
  await screen.findByText('5 boliger');
}

const checkbox = (n: number) => screen.getByRole('checkbox', { name: `Vælg Testvej ${n}, 8000` });
const actionBar = () => screen.getByRole('region', { name: 'Handlinger for de valgte boliger' });

beforeEach(() => {
  sessionStorage.clear();
  bulkStore.reset();
});

afterEach(() => {
  bulkStore.reset();
  cleanup();
  vi.restoreAllMocks();
});

describe('Copy on the property list (docs/product.md 4 "Bulk mode", 5)', () => {
  it('is offered for one residence with an assessment that is not converted, and starts choosing targets', async () => {
    await renderList();
    await userEvent.click(checkbox(5));
    const copy = within(actionBar()).getByRole('button', { name: 'Kopiér' });
    expect(copy).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(checkbox(5));

    await userEvent.click(checkbox(1));
    await userEvent.click(within(actionBar()).getByRole('button', { name: 'Kopiér' }));
    expect(bulkStore.getSnapshot()).toMatchObject({
      mode: 'copying',
      source: { propertyId: 'r1', assessmentId: 'a1', status: 'calculated' },
      origin: '/departments/properties/d1',
      targets: [],
    });
    const bar = screen.getByRole('region', { name: 'Kopiér vurderingen fra Testvej 1, 8000' });
    expect(within(bar).getByText('Vælg de boliger, der skal have en kopi.')).toBeInTheDocument();

    // The source and the ready residence cannot be chosen, and say why.
    for (const [n, reason] of [
      [1, 'Det er denne vurdering, du kopierer fra.'],
      [3, 'Vurderingen afventer godkendelse og kan ikke overskrives.'],
    ] as const) {
      const box = checkbox(n);
      expect(box).toBeDisabled();
      expect(box).toHaveAccessibleDescription(reason);
    }
    // The ready residence's status says it waits for approval (waitingForApproval); no other does.
    expect(screen.getAllByText('Afventer godkendelse')).toHaveLength(1);
    expect(screen.queryByText('Klar til godkendelse', { selector: 'span' })).not.toBeInTheDocument();

    // Select all takes the others: they are the targets, kept with the flow.
    await userEvent.click(screen.getByRole('button', { name: 'Vælg alle' }));
    expect(bulkStore.getSnapshot().targets.map((t) => t.propertyId)).toEqual(['r2', 'r4', 'r5']);
    expect(within(bar).getByText('3 valgte boliger')).toBeInTheDocument();
    await userEvent.click(checkbox(4));
    expect(bulkStore.getSnapshot().targets.map((t) => t.propertyId)).toEqual(['r2', 'r5']);
    expect(within(bar).getByRole('button', { name: 'Videre (2)' })).toBeInTheDocument();

    // Cancel ends the flow where it began.
    await userEvent.click(within(bar).getByRole('button', { name: 'Annullér' }));
    expect(bulkStore.getSnapshot().mode).toBe('idle');
    // Outside the copy flow a ready residence is just ready.
    expect(screen.queryByText('Afventer godkendelse')).not.toBeInTheDocument();
    expect(screen.getByText('Klar til godkendelse', { selector: 'span' })).toBeInTheDocument();
  });

  it('says why it is unavailable offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await renderList();
    await userEvent.click(checkbox(1));
    const copy = within(actionBar()).getByRole('button', { name: 'Kopiér' });
    expect(copy).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(copy);
    expect(bulkStore.getSnapshot().mode).toBe('idle');
  });

  it('is not offered to a read user', async () => {
    await renderList(false);
    await userEvent.click(checkbox(1));
    expect(within(actionBar()).queryByRole('button', { name: 'Kopiér' })).not.toBeInTheDocument();
  });
});
