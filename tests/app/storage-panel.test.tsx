// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { propertiesByDepartmentQueryOptions } from '../../src/api/get-properties-by-department';
import { propertyQueryOptions } from '../../src/api/get-property';
import { questionsQueryOptions } from '../../src/api/get-questions';
import { StoragePanel } from '../../src/features/take-along/components/storage-panel';
import { TakeAlongStatus } from '../../src/features/take-along/components/take-along-status';
import {
  emptyOfflineRegistry,
  offlineRegistry,
  resetOfflineRegistry,
  updateOfflineRegistry,
} from '../../src/offline/client-state';
import { TakeAlongDepartmentButton } from '../../src/ui/take-along-buttons';
import { startTakeAlong } from '../../src/ui/use-take-along';
import { fillJsdomGaps } from './test-render';

/** The storage panel and the take along's status (docs/architecture.md 2, "Taken along offline"). */

const FETCHED = '2026-03-05T09:30:00.000Z';

function seedRegistry() {
  updateOfflineRegistry(() => ({
    ...emptyOfflineRegistry(''),
    organizations: ['org-1'],
    departments: {
      d1: {
        id: 'd1',
        organizationId: 'org-1',
        name: 'Afd. 4 Lyngbakkeparken',
        fetchedAt: FETCHED,
        residenceCount: 2,
      },
    },
    residences: {
      r1: {
        id: 'r1',
        location: 'Lyngvej 1, 2800',
        assessmentIds: ['a1'],
        fetchedAt: FETCHED,
        bytes: 1500,
        sources: ['department:d1'],
      },
      r2: {
        id: 'r2',
        location: 'Lyngvej 2, 2800',
        assessmentIds: [],
        fetchedAt: FETCHED,
        bytes: 500,
        sources: ['department:d1', 'self'],
      },
      r9: {
        id: 'r9',
        location: 'Solvej 9, 8000',
        assessmentIds: [],
        fetchedAt: FETCHED,
        bytes: 700,
        sources: ['self'],
      },
    },
  }));
}

async function renderAt(component: () => React.ReactNode, queryClient: QueryClient) {
  queryClient.setQueryData(['staticcontent'], { translationSettings: { translations: {} } });
  const root = createRootRoute({ component: Outlet });
  const page = createRoute({ getParentRoute: () => root, path: '/offline', component });
  const router = createRouter({
    routeTree: root.addChildren([page]),
    history: createMemoryHistory({ initialEntries: ['/offline'] }),
  });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  await act(() => router.load());
}

function stubStorage(persisted: boolean, persist = vi.fn(async () => persisted)) {
  vi.stubGlobal('navigator', {
    ...navigator,
    onLine: true,
    storage: {
      estimate: async () => ({ usage: 12_300_000, quota: 2_000_000_000 }),
      persisted: async () => persisted,
      persist,
    },
  });
  return persist;
}

beforeAll(fillJsdomGaps);
beforeEach(() => {
  localStorage.clear();
  resetOfflineRegistry();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('storage panel', () => {
  it('lists what is kept per department and residence with the date, the space, and a refused persistence', async () => {
    stubStorage(false);
    seedRegistry();
    await renderAt(StoragePanel, new QueryClient());
    expect(await screen.findByText('Brugt: 12,3 MB af 2,0 GB')).toBeInTheDocument();
    expect(
      screen.getByText(/Den kan slette det, du har taget med, og svar, der ikke er sendt endnu/),
    ).toBeInTheDocument();
    const departments = screen.getByRole('region', { name: 'Afdelinger' });
    expect(within(departments).getByText('Afd. 4 Lyngbakkeparken')).toBeInTheDocument();
    expect(within(departments).getByText('2 boliger · hentet 05.03.26 · 2,0 kB')).toBeInTheDocument();
    // A residence chosen on its own is listed on its own, also when its department was taken too.
    const residences = screen.getByRole('region', { name: 'Enkelte boliger' });
    expect(
      within(residences)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Lyngvej 2, 2800'), expect.stringContaining('Solvej 9, 8000')]);
    expect(
      within(residences).getByRole('button', { name: 'Fjern Solvej 9, 8000 fra enheden' }),
    ).toBeInTheDocument();
  });

  it('a department whose take along did not finish says how many of its residences came', async () => {
    stubStorage(false);
    seedRegistry();
    updateOfflineRegistry((r) => ({
      ...r,
      departments: { d1: { ...r.departments.d1!, residenceCount: 5, unfinished: true } },
    }));
    await renderAt(StoragePanel, new QueryClient());
    const departments = await screen.findByRole('region', { name: 'Afdelinger' });
    expect(
      within(departments).getByText('2 af 5 boliger · ikke færdig · hentet 05.03.26 · 2,0 kB'),
    ).toBeInTheDocument();
  });

  it('the department itself offers the rest, and its button says how far the last take along came', async () => {
    seedRegistry();
    updateOfflineRegistry((r) => ({
      ...r,
      departments: { d1: { ...r.departments.d1!, residenceCount: 5, unfinished: true } },
    }));
    const department = {
      organizationId: 'org-1',
      departmentId: 'd1',
      departmentName: 'Afd. 4 Lyngbakkeparken',
    };
    await renderAt(() => <TakeAlongDepartmentButton {...department} />, new QueryClient());
    const rest = await screen.findByRole('button', { name: 'Hent resten til offline' });
    expect(rest).toHaveAccessibleDescription('Hentningen blev ikke færdig: 2 af 5 boliger er hentet.');
    cleanup();

    // Whole again: the whole department may be fetched again, and nothing is said of a rest.
    updateOfflineRegistry((r) => ({
      ...r,
      departments: { d1: { ...r.departments.d1!, residenceCount: 2, unfinished: undefined } },
    }));
    await renderAt(() => <TakeAlongDepartmentButton {...department} />, new QueryClient());
    expect(await screen.findByRole('button', { name: 'Hent igen til offline' })).toBeInTheDocument();
    expect(screen.queryByText(/Hentningen blev ikke færdig/)).not.toBeInTheDocument();
  });

  it('says so when the browser keeps the data', async () => {
    stubStorage(true);
    seedRegistry();
    await renderAt(StoragePanel, new QueryClient());
    expect(
      await screen.findByText('Browseren beholder data, indtil du selv fjerner dem.'),
    ).toBeInTheDocument();
  });

  it('removing a department drops its queries but keeps a residence also chosen on its own', async () => {
    stubStorage(true);
    seedRegistry();
    const queryClient = new QueryClient();
    for (const id of ['r1', 'r2'])
      queryClient.setQueryData(propertyQueryOptions(id).queryKey, {
        id,
        beliggenhed: id,
        departmentId: 'd1',
        departmentName: 'x',
        isConverted: false,
        vurderinger:
          id === 'r1'
            ? [{ vurderingId: 'a1', boligId: id, vurderingsStatus: 'draft', konverteret: false }]
            : [],
      });
    queryClient.setQueryData(questionsQueryOptions('a1').queryKey, []);
    queryClient.setQueryData(propertiesByDepartmentQueryOptions('d1').queryKey, []);
    await renderAt(StoragePanel, queryClient);

    await userEvent.click(
      await screen.findByRole('button', { name: 'Fjern Afd. 4 Lyngbakkeparken fra enheden' }),
    );
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Afdelinger' })).not.toBeInTheDocument());
    expect(queryClient.getQueryData(propertyQueryOptions('r1').queryKey)).toBeUndefined();
    expect(queryClient.getQueryData(questionsQueryOptions('a1').queryKey)).toBeUndefined();
    expect(queryClient.getQueryData(propertiesByDepartmentQueryOptions('d1').queryKey)).toBeUndefined();
    expect(queryClient.getQueryData(propertyQueryOptions('r2').queryKey)).toBeDefined();
    expect(Object.keys(offlineRegistry().residences).sort()).toEqual(['r2', 'r9']);
    expect(offlineRegistry().residences.r2!.sources).toEqual(['self']);
  });
});

describe('take along status', () => {
  /** The status's own department, D of organization o. */
  const request = {
    kind: 'department',
    organizationId: 'o',
    departmentId: 'd',
    departmentName: 'D',
  } as const;

  it('asks for persistent storage at the first take along only, and a full device names what to do', async () => {
    const persist = stubStorage(false);
    const queryClient = new QueryClient();
    queryClient.setQueryData(['staticcontent'], { translationSettings: { translations: {} } });
    await renderAt(TakeAlongStatus, queryClient);
    const failing = {
      department: async () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      residence: async () => undefined,
      assessment: async () => undefined,
    };
    await act(() => startTakeAlong(request, { queryClient, preload: failing, persistence: null }));
    const alert = await screen.findByRole('alert', { name: 'Tag med offline' });
    expect(alert).toHaveTextContent('Der er ikke mere plads på enheden.');
    expect(alert).toHaveTextContent('Fjern noget af det, du har taget med offline');
    expect(alert).toHaveTextContent('Browseren har ikke lovet at beholde data.');
    expect(within(alert).getByRole('link', { name: 'Se hvad der er offline' })).toBeInTheDocument();
    await act(() => startTakeAlong(request, { queryClient, preload: failing, persistence: null }));
    expect(persist).toHaveBeenCalledTimes(1);
    expect(offlineRegistry().persistGranted).toBe(false);
  });

  it('the rest of a department, when done, says it is the rest and not the whole department', async () => {
    stubStorage(true);
    const queryClient = new QueryClient();
    queryClient.setQueryData(['staticcontent'], { translationSettings: { translations: {} } });
    // Nothing left to fetch: the rest is empty, and the run ends done.
    queryClient.setQueryData(propertiesByDepartmentQueryOptions('d').queryKey, []);
    await renderAt(TakeAlongStatus, queryClient);
    const preload = { department: async () => {}, residence: async () => {}, assessment: async () => {} };
    await act(() => startTakeAlong({ ...request, rest: true }, { queryClient, preload, persistence: null }));
    const status = await screen.findByRole('status', { name: 'Tag med offline' });
    expect(status).toHaveTextContent('Resten er hentet: 0 boliger mere er taget med offline');
  });
});
