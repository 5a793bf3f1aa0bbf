// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PropertySearchResult } from '../../shared/contract/dto';
import { RoutePending, RouteError } from '../../src/app/route-states';
import { NO_DATE } from '../../shared/rules/statuses';
import { SearchResults } from '../../src/features/residence-search/components/search-results';
import { loadSearchResults, type SearchSource } from '../../src/features/residence-search/search-source';
import { fillJsdomGaps, renderRouter } from './test-render';

/**
 * The results page counts every hit the server found (docs/api.md, X-Total-Count), not the hits
 * of the page that arrived, and brings the rest a page at a time as the list is scrolled or with
 * "Vis flere", until every hit can be reached (docs/product.md 2).
 */

const ORG = 'o1';

const hit = (n: number): PropertySearchResult => ({
  residenceId: `r${n}`,
  streetName: 'Skovvej',
  streetNumber: String(n),
  floorNumber: null,
  doorCode: null,
  zipCode: '8220',
  assessmentStatus: 'notStarted',
  isCalculated: false,
  futureApprovedDate: NO_DATE,
  location: `Skovvej ${n}, 8220`,
});

let fetch: ReturnType<typeof vi.fn>;
const searchRequests = () =>
  fetch.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname.endsWith('/properties/search'))
    .map((url) => ({ size: url.searchParams.get('size'), page: url.searchParams.get('page') }));

/**
 * A server that finds `count` residences on Skovvej and says so in X-Total-Count (or as `header`
 * says); `failPage` fails the first time it is asked for.
 */
function serveHits(
  count: number,
  header: string | null = String(count),
  options: { failPage?: number } = {},
) {
  let failPage = options.failPage;
  fetch = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://localhost');
    if (!url.pathname.endsWith('/properties/search')) throw new TypeError('Failed to fetch');
    const size = Number(url.searchParams.get('size'));
    const page = Number(url.searchParams.get('page'));
    if (page === failPage) {
      failPage = undefined;
      return new Response(JSON.stringify({ message: 'Internal server error', code: 'INTERNAL' }), {
        status: 500,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    const from = page * size;
    const hits = Array.from({ length: Math.max(0, Math.min(size, count - from)) }, (_, i) =>
      hit(from + i + 1),
    );
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (header !== null) headers['X-Total-Count'] = header;
    return new Response(JSON.stringify(hits), { status: 200, headers });
  });
  vi.stubGlobal('fetch', fetch);
}

beforeAll(() => {
  fillJsdomGaps();
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
});

beforeEach(() => {
  Object.defineProperty(window, 'scrollY', { configurable: true, writable: true, value: 0 });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderResults(query: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  queryClient.setQueryData(['staticcontent'], { translationSettings: { translations: {} } });
  const rootRoute = createRootRoute();
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
  const router = createRouter({
    routeTree: rootRoute.addChildren([searchRoute, residenceRoute]),
    history: createMemoryHistory({ initialEntries: [`/properties/search/${encodeURIComponent(query)}`] }),
    defaultPendingComponent: RoutePending,
    defaultErrorComponent: RouteError,
  });
  await renderRouter(router, queryClient);
  return router;
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const shownLinks = () =>
  within(screen.getByRole('list'))
    .getAllByRole('link')
    .map((link) => link.textContent);

/** Scrolls the window so that the list's last hit is in view (the virtualizer reads scrollY). */
function scrollToListEnd() {
  const list = screen.getByRole('list');
  window.scrollY = Number.parseFloat(list.style.height) - window.innerHeight;
  fireEvent.scroll(window);
}

describe('the search results page counts every hit', () => {
  it('says how many the server found in all, with Danish thousands, not how many arrived', async () => {
    serveHits(2207);
    await renderResults('8220');
    expect(await heading('8220 (2.207)')).toBeInTheDocument();
    expect(screen.getByText('Vi fandt 2.207 boliger, der passer på »8220«.')).toBeInTheDocument();
    expect(screen.getByText('Viser 100 af 2.207 boliger')).toBeInTheDocument();
    // One page was asked for; the list shows the first hits and renders only those in view.
    expect(searchRequests()).toEqual([{ size: '100', page: '0' }]);
    expect(shownLinks()[0]).toBe('Skovvej 1, 8220');
    expect(shownLinks().length).toBeLessThan(100);
  });

  it('says "over 10.000" when the server counted only that far', async () => {
    serveHits(12_000, '10000+');
    await renderResults('skovvej');
    expect(await heading('skovvej (over 10.000)')).toBeInTheDocument();
    expect(screen.getByText('Vi fandt over 10.000 boliger, der passer på »skovvej«.')).toBeInTheDocument();
  });

  it('counts a single hit in the singular, and says plainly when there are none', async () => {
    serveHits(1);
    await renderResults('skovvej 1');
    expect(await heading('skovvej 1 (1)')).toBeInTheDocument();
    expect(screen.getByText('Vi fandt 1 bolig, der passer på »skovvej 1«.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Vis flere' })).not.toBeInTheDocument();
    cleanup();
    serveHits(0);
    await renderResults('xqzxqz');
    expect(await heading('xqzxqz (0)')).toBeInTheDocument();
  });
});

describe('the search results page reaches every hit', () => {
  it('asks for the next page by itself as the list is scrolled near its end, until every hit is there', async () => {
    serveHits(250);
    await renderResults('skovvej');
    expect(await heading('skovvej (250)')).toBeInTheDocument();
    expect(searchRequests()).toHaveLength(1);

    scrollToListEnd();
    expect(await screen.findByText('Viser 200 af 250 boliger')).toBeInTheDocument();
    scrollToListEnd();
    await waitFor(() => expect(screen.queryByText(/^Viser/)).not.toBeInTheDocument());
    scrollToListEnd();
    expect(shownLinks()).toContain('Skovvej 250, 8220');
    expect(screen.queryByRole('button', { name: 'Vis flere' })).not.toBeInTheDocument();
    expect(searchRequests()).toEqual([
      { size: '100', page: '0' },
      { size: '100', page: '1' },
      { size: '100', page: '2' },
    ]);
    // Every page carried the same total: the title never changed.
    expect(screen.getByRole('heading', { level: 1, name: 'skovvej (250)' })).toBeInTheDocument();
  });

  it('after a page that failed, waits for "Vis flere", then moves focus to the first hit it brought', async () => {
    serveHits(250, '250', { failPage: 1 });
    await renderResults('skovvej');
    await heading('skovvej (250)');

    scrollToListEnd();
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Søgningen mislykkedes. Prøv igen.',
    );
    // Not asked again by itself: the same failure would repeat.
    scrollToListEnd();
    expect(searchRequests()).toHaveLength(2);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Vis flere' }));
    expect(await screen.findByText('Viser 200 af 250 boliger')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Skovvej 101, 8220'));
    expect(searchRequests().map((r) => r.page)).toEqual(['0', '1', '1']);
  });

  it('hands the list over to the residence, so that its back link returns to the results', async () => {
    serveHits(3);
    const router = await renderResults('skovvej');
    await heading('skovvej (3)');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Skovvej 2, 8220' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/residence/r2'));
    expect(router.state.location.state.origin).toBe('/properties/search/skovvej');
  });
});
