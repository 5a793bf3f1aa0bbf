// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
} from '@tanstack/react-router';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AssessmentListEntry, PropertyDetail, PropertySearchResult } from '../../shared/contract/dto';
import { departmentsQueryOptions } from '../../src/api/get-departments';
import { locatedAssessmentsQueryOptions } from '../../src/api/get-located-assessments';
import { propertiesByDepartmentQueryOptions } from '../../src/api/get-properties-by-department';
import { propertyQueryOptions } from '../../src/api/get-property';
import { nearbyPropertiesQueryOptions } from '../../src/api/search-by-coordinates';
import {
  RESULTS_PAGE_SIZE,
  searchPropertiesQueryOptions,
  searchResultsQueryOptions,
} from '../../src/api/search-properties';
import { RoutePending, RouteError } from '../../src/app/route-states';
import { NO_DATE } from '../../shared/rules/statuses';
import { PropertySearchBox } from '../../src/features/residence-search/components/property-search-box';
import { PropertySearchPage } from '../../src/features/residence-search/components/property-search-page';
import { SearchResults } from '../../src/features/residence-search/components/search-results';
import { loadSearchResults, type SearchSource } from '../../src/features/residence-search/search-source';
import { resetOfflineRegistry, updateOfflineRegistry } from '../../src/offline/client-state';
import { fillJsdomGaps, json, propertyRow, renderRouter } from './test-render';

/**
 * Search offline (docs/product.md 2 "Other screens and parts"): offline the header search finds the
 * residences on the device by their address, and says that only what is on the device is searched;
 * online nothing changes, and a page of the device's hits loads the server's when the connection
 * returns.
 */

const ORG = 'o1';
const OTHER_ORG = 'o2';
const NOTICE = 'Du er offline. Søgningen viser kun boliger, der er gemt på enheden.';
const SILENT_NOTICE =
  'Serveren har ikke svaret endnu. Indtil den gør, viser søgningen kun boliger, der er gemt på enheden.';

const hit = (residenceId: string, streetNumber: string, fields: Partial<PropertySearchResult> = {}) => ({
  residenceId,
  streetName: 'Skovvej',
  streetNumber,
  floorNumber: null,
  doorCode: null,
  zipCode: '8000',
  assessmentStatus: 'notStarted' as const,
  isCalculated: false,
  futureApprovedDate: NO_DATE,
  location: `Skovvej ${streetNumber}, 8000`,
  ...fields,
});

/** A residence taken along on its own: on the device as its detail and its assessments' list. */
const takenAlong: PropertyDetail = {
  id: 'r4',
  beliggenhed: 'Skovvej 12A, st. tv., 8220',
  departmentId: 'd1',
  departmentName: 'Afdeling 1',
  isConverted: false,
  vurderinger: [{ vurderingId: 'a4', boligId: 'r4', vurderingsStatus: 'approved', konverteret: false }],
};
const takenAlongAssessment: AssessmentListEntry = {
  assessmentId: 'a4',
  propertyId: 'r4',
  departmentId: 'd1',
  assessmentStatus: 'approved',
  isCalculated: true,
  converted: false,
  location: takenAlong.beliggenhed,
  validFrom: '2026-01-01T00:00:00.000Z',
  futureApprovedDate: NO_DATE,
  createdAt: '2025-12-01T00:00:00.000Z',
  progress: 1,
};

/** What the device holds: a department list, a residence taken along, an earlier search, a nearby list. */
function fillDevice(queryClient: QueryClient) {
  const day = (n: number) => Date.parse(`2026-03-0${n}T08:00:00Z`);
  queryClient.setQueryData(departmentsQueryOptions(ORG).queryKey, [
    { departmentId: 'd1', departmentName: 'Afdeling 1', propertiesCount: 3 },
  ]);
  queryClient.setQueryData(
    propertiesByDepartmentQueryOptions('d1').queryKey,
    [
      // Residence 1 has two assessments, the newest first: the draft wins over the rejected one.
      propertyRow(1, { streetName: 'Skovvej', assessmentId: 'a1', assessmentStatus: 'draft' }),
      propertyRow(1, { streetName: 'Skovvej', assessmentId: 'a0', assessmentStatus: 'rejected' }),
      propertyRow(2, { streetName: 'Skovvej' }),
      propertyRow(3, { streetName: 'Æblevej' }),
    ],
    { updatedAt: day(2) },
  );
  // Another organization's department, taken along there: never searched here.
  updateOfflineRegistry((r) => ({
    ...r,
    departments: {
      d9: {
        id: 'd9',
        organizationId: OTHER_ORG,
        name: 'Afdeling 9',
        fetchedAt: '2026-03-01T08:00:00.000Z',
        residenceCount: 1,
      },
    },
  }));
  queryClient.setQueryData(propertiesByDepartmentQueryOptions('d9').queryKey, [
    propertyRow(9, { streetName: 'Skovvej', departmentId: 'd9' }),
  ]);
  queryClient.setQueryData(propertyQueryOptions('r4').queryKey, takenAlong, { updatedAt: day(3) });
  queryClient.setQueryData(
    locatedAssessmentsQueryOptions([{ propertyId: 'r4', assessmentId: 'a4' }]).queryKey,
    [takenAlongAssessment],
    { updatedAt: day(3) },
  );
  // An earlier search by the town: the server found residence 4 (then a draft) and 5 by it.
  queryClient.setQueryData(
    searchPropertiesQueryOptions(ORG, '8220 Brabrand', 15).queryKey,
    [
      hit('r4', '12A', {
        floorNumber: 'st',
        doorCode: 'tv',
        zipCode: '8220',
        location: 'Skovvej 12A, st. tv., 8220',
        assessmentStatus: 'draft',
      }),
      hit('r5', '5', { zipCode: '8220', location: 'Skovvej 5, 8220' }),
    ],
    { updatedAt: day(1) },
  );
  queryClient.setQueryData(
    nearbyPropertiesQueryOptions(ORG, { latitude: 56.1, longitude: 10.2 }).queryKey,
    [{ ...hit('r2', '2'), distance: 40 }],
    { updatedAt: day(1) },
  );
  // The same search in another organization.
  queryClient.setQueryData(searchPropertiesQueryOptions(OTHER_ORG, 'skovvej', RESULTS_PAGE_SIZE).queryKey, [
    hit('r8', '8'),
  ]);
}

let online = true;
let fetch: ReturnType<typeof vi.fn>;
const searchRequests = () =>
  fetch.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/properties/search'));

function setOnline(value: boolean) {
  online = value;
  window.dispatchEvent(new Event(value ? 'online' : 'offline'));
}

beforeAll(() => {
  fillJsdomGaps();
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
});

beforeEach(() => {
  online = true;
  // The server knows one more residence on Skovvej than the device.
  fetch = vi.fn(async (url: string) =>
    url.includes('/api/v2/properties/search')
      ? json([hit('r77', '77')])
      : Promise.reject(new TypeError('Failed to fetch')),
  );
  vi.stubGlobal('fetch', fetch);
});

afterEach(() => {
  cleanup();
  // A network that comes back clears the failures counted (src/api/connectivity.ts).
  setOnline(true);
  vi.unstubAllGlobals();
  localStorage.clear();
  resetOfflineRegistry();
});

async function renderSearch(at: string, fillMore?: (queryClient: QueryClient) => void) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  queryClient.setQueryData(['staticcontent'], { translationSettings: { translations: {} } });
  fillDevice(queryClient);
  fillMore?.(queryClient);
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <PropertySearchBox organizationId={ORG} />
        <Outlet />
      </>
    ),
  });
  const searchRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/properties/search/$searchQuery',
    // As the app's route.
    loader: ({ params }) => loadSearchResults(queryClient, ORG, params.searchQuery),
    component: function Search() {
      // The app's registered route tree has other ids; this test tree is typed loosely.
      const { searchQuery } = searchRoute.useParams() as { searchQuery: string };
      const source = searchRoute.useLoaderData() as SearchSource;
      return <SearchResults organizationId={ORG} query={searchQuery} source={source} />;
    },
  });
  const residenceRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/residence/$propertyId',
    component: () => <h1>Boligens side</h1>,
  });
  const homeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => null });
  const searchPageRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/properties',
    component: () => <PropertySearchPage organizationId={ORG} query="" onQueryChange={() => undefined} />,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([searchRoute, residenceRoute, homeRoute, searchPageRoute]),
    history: createMemoryHistory({ initialEntries: [at] }),
    defaultPendingComponent: RoutePending,
    defaultErrorComponent: RouteError,
  });
  await renderRouter(router, queryClient);
  return { router, queryClient };
}

const resultLinks = () =>
  within(screen.getByRole('list'))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the search results page offline', () => {
  it("lists the organization's residences on the device that match, each once, and says only the device was searched", async () => {
    setOnline(false);
    await renderSearch('/properties/search/skovvej');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'skovvej (4 på enheden)' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Vi fandt 4 boliger på enheden, der passer på »skovvej«.')).toBeInTheDocument();
    expect(within(screen.getByRole('status')).getByText(NOTICE)).toBeInTheDocument();
    // In address order; residence 2 (a list and a nearby list) once; residence 9 is the other organization's.
    expect(resultLinks()).toEqual([
      'Skovvej 1, 8000',
      'Skovvej 2, 8000',
      'Skovvej 5, 8220',
      'Skovvej 12A, st. tv., 8220',
    ]);
    const item = (location: string) =>
      screen.getAllByRole('listitem').find((li) => within(li).queryByRole('link', { name: location }))!;
    // The winner of residence 1's assessments; residence 4 as its newest copy (taken along).
    expect(within(item('Skovvej 1, 8000')).getByText('Kladde')).toBeInTheDocument();
    expect(within(item('Skovvej 12A, st. tv., 8220')).getByText('Godkendt')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skovvej 12A, st. tv., 8220' })).toHaveAttribute(
      'href',
      '/residence/r4',
    );
    expect(searchRequests()).toEqual([]);
  });

  it('counts every match on the device, however many, and lists them all', async () => {
    setOnline(false);
    // A big department taken along: more residences on one street than a server page holds.
    await renderSearch('/properties/search/langgade', (queryClient) =>
      queryClient.setQueryData(
        propertiesByDepartmentQueryOptions('d2').queryKey,
        Array.from({ length: 1200 }, (_, i) =>
          propertyRow(100 + i, { streetName: 'Langgade', departmentId: 'd2' }),
        ),
      ),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'langgade (1.200 på enheden)' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Vi fandt 1.200 boliger på enheden, der passer på »langgade«.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Vis flere' })).not.toBeInTheDocument();
    // All of them are there to scroll to (the list renders the ones in view), the last one too.
    const list = screen.getByRole('list');
    Object.defineProperty(window, 'scrollY', {
      configurable: true,
      value: Number.parseFloat(list.style.height) - window.innerHeight,
    });
    fireEvent.scroll(window);
    expect(within(list).getByRole('link', { name: 'Langgade 1299, 8000' })).toBeInTheDocument();
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  });

  it('finds a residence by the town an earlier search found it by, and by its postcode', async () => {
    setOnline(false);
    await renderSearch('/properties/search/Brabrand');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Brabrand (2 på enheden)' }),
    ).toBeInTheDocument();
    expect(resultLinks()).toEqual(['Skovvej 5, 8220', 'Skovvej 12A, st. tv., 8220']);
  });

  it('finds the hits of an earlier results page, every page of it that arrived', async () => {
    setOnline(false);
    await renderSearch('/properties/search/Risskov', (queryClient) =>
      queryClient.setQueryData(searchResultsQueryOptions(ORG, 'Skolevej Risskov').queryKey, {
        pages: [
          {
            hits: [hit('r20', '20', { streetName: 'Skolevej', location: 'Skolevej 20, 8240' })],
            total: null,
          },
          {
            hits: [hit('r21', '21', { streetName: 'Skolevej', location: 'Skolevej 21, 8240' })],
            total: { count: 2, exact: true },
          },
        ],
        pageParams: [0, 1],
      }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Risskov (2 på enheden)' }),
    ).toBeInTheDocument();
    expect(resultLinks()).toEqual(['Skolevej 20, 8240', 'Skolevej 21, 8240']);
  });

  it('says plainly when nothing on the device matches', async () => {
    setOnline(false);
    await renderSearch('/properties/search/Havnegade');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Havnegade (0 på enheden)' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Vi fandt ingen boliger på enheden, der passer på »Havnegade«. Siden søger i alle boliger, når der er forbindelse igen.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(new RegExp(NOTICE));
  });

  it("loads the server's results when the connection returns", async () => {
    setOnline(false);
    await renderSearch('/properties/search/skovvej');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'skovvej (4 på enheden)' }),
    ).toBeInTheDocument();

    setOnline(true);
    expect(await screen.findByRole('heading', { level: 1, name: 'skovvej (1)' })).toBeInTheDocument();
    expect(resultLinks()).toEqual(['Skovvej 77, 8000']);
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
    expect(searchRequests()).toHaveLength(1);
  });

  it('searches the device when the request finds no network', async () => {
    fetch.mockImplementation(async () => Promise.reject(new TypeError('Failed to fetch')));
    await renderSearch('/properties/search/skovvej');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'skovvej (4 på enheden)' }),
    ).toBeInTheDocument();
    expect(searchRequests()).toHaveLength(1);
  });
});

/**
 * A connection that is up but passes nothing (docs/architecture.md 2, "Lie-fi is offline"): the
 * server's search is answered only when the test says, so the screens wait FRESH_WAIT_MS (2.5 s)
 * and then show what the device holds, until the answer comes.
 */
describe('search on a connection that passes nothing', () => {
  /** Holds every search request until `answer()`. */
  function holdSearches() {
    const held: (() => void)[] = [];
    fetch.mockImplementation(async (url: string) => {
      if (!url.includes('/api/v2/properties/search')) throw new TypeError('Failed to fetch');
      await new Promise<void>((resolve) => held.push(resolve));
      return json([hit('r77', '77')]);
    });
    return {
      answer: () => held.splice(0).forEach((resolve) => resolve()),
      count: () => held.length,
    };
  }

  it("shows the device's results page after a moment, and the server's once it answers", async () => {
    const searches = holdSearches();
    await renderSearch('/properties/search/skovvej');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'skovvej (4 på enheden)' }, { timeout: 6000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(SILENT_NOTICE);
    expect(searches.count()).toBe(1);

    searches.answer();
    expect(await screen.findByRole('heading', { level: 1, name: 'skovvej (1)' })).toBeInTheDocument();
    expect(resultLinks()).toEqual(['Skovvej 77, 8000']);
    expect(screen.queryByText(SILENT_NOTICE)).not.toBeInTheDocument();
    expect(searchRequests()).toHaveLength(1);
  });

  it("suggests the device's residences in the header box meanwhile, and says why", async () => {
    const searches = holdSearches();
    await renderSearch('/');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Søg efter bolig' }), 'skovvej 1');
    expect(
      await screen.findByText(
        'Intet svar fra serveren endnu: viser boliger på enheden',
        {},
        { timeout: 6000 },
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
        'Skovvej 1, 8000',
        'Skovvej 12A, st. tv., 8220',
        'Vis alle resultater for »skovvej 1«',
      ]),
    );

    searches.answer();
    expect(await screen.findByRole('option', { name: 'Skovvej 77, 8000' })).toBeInTheDocument();
    expect(
      screen.queryByText('Intet svar fra serveren endnu: viser boliger på enheden'),
    ).not.toBeInTheDocument();
    // The late answer leaves the rows on screen where they were: a tap on its way lands on
    // the row it aimed at. The server's hit comes after them.
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Skovvej 1, 8000',
      'Skovvej 12A, st. tv., 8220',
      'Skovvej 77, 8000',
      'Vis alle resultater for »skovvej 1«',
    ]);

    // Another text, answered at once, and the first again: the server's own list, as it is.
    const box = screen.getByRole('textbox', { name: 'Søg efter bolig' });
    await user.type(box, '2');
    await waitFor(() => expect(searches.count()).toBe(1));
    searches.answer();
    await user.type(box, '{Backspace}');
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
        'Skovvej 77, 8000',
        'Vis alle resultater for »skovvej 1«',
      ]),
    );
  });
});

describe('the search results page online', () => {
  it("shows the server's results as before, without the notice", async () => {
    await renderSearch('/properties/search/skovvej');
    expect(await screen.findByRole('heading', { level: 1, name: 'skovvej (1)' })).toBeInTheDocument();
    expect(screen.getByText('Vi fandt 1 bolig, der passer på »skovvej«.')).toBeInTheDocument();
    expect(resultLinks()).toEqual(['Skovvej 77, 8000']);
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
    expect(searchRequests()).toHaveLength(1);
  });
});

describe('the header search box offline', () => {
  it('suggests the residences on the device and says so, without asking the server', async () => {
    setOnline(false);
    const { router } = await renderSearch('/');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Søg efter bolig' }), 'skovvej 1');

    expect(await screen.findByText('Offline: søger kun i boliger på enheden')).toBeInTheDocument();
    // The box may first show what an earlier prefix ("skovvej") found: a busy machine lets
    // the debounce end mid-typing. What counts is the list for the whole text.
    // The last option opens the results page, which offline searches the device as well.
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
        'Skovvej 1, 8000',
        'Skovvej 12A, st. tv., 8220',
        'Vis alle resultater for »skovvej 1«',
      ]),
    );
    expect(searchRequests()).toEqual([]);

    await user.click(screen.getByRole('option', { name: 'Skovvej 12A, st. tv., 8220' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/residence/r4'));
  });

  it('asks the server online, as before', async () => {
    await renderSearch('/');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Søg efter bolig' }), 'skovvej');
    // The setup's limit, not a shorter one: behind the browser tests typing and the debounce
    // alone took over two seconds.
    expect(await screen.findByRole('option', { name: 'Skovvej 77, 8000' })).toBeInTheDocument();
    expect(screen.queryByText('Offline: søger kun i boliger på enheden')).not.toBeInTheDocument();
    // A busy machine may end the debounce mid-typing and ask for a prefix first; the whole text
    // is asked for last.
    expect(searchRequests().length).toBeGreaterThanOrEqual(1);
    expect(searchRequests().at(-1)).toMatch(/[?&]query=skovvej(&|$)/);
  });
});

describe('the search page offline', () => {
  it('lists the residences on the device that match and says only the device was searched', async () => {
    setOnline(false);
    await renderSearch('/properties');
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Søg efter bolig' }), 'skovvej 1');
    expect(await screen.findByText(NOTICE)).toBeInTheDocument();
    // An earlier prefix's hits may show first when the debounce ends mid-typing (busy machine).
    await waitFor(() => expect(resultLinks()).toEqual(['Skovvej 1, 8000', 'Skovvej 12A, st. tv., 8220']));
    expect(searchRequests()).toEqual([]);
  });

  it('asks the server online and leads on to every hit', async () => {
    await renderSearch('/properties');
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Søg efter bolig' }), 'skovvej');
    expect(await screen.findByRole('link', { name: 'Skovvej 77, 8000' })).toBeInTheDocument();
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
    // A busy machine may end the debounce mid-typing and ask for a prefix first.
    expect(searchRequests().at(-1)).toMatch(/[?&]query=skovvej(&|$)/);
    expect(screen.getByRole('link', { name: 'Vis alle resultater for »skovvej«' })).toHaveAttribute(
      'href',
      '/properties/search/skovvej',
    );
  });
});
