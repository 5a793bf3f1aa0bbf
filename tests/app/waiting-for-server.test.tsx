// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
} from '@tanstack/react-router';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FRESH_WAIT_MS } from '../../src/api/fresh-query';
import { ApiError } from '../../src/api/http';
import { ROUTE_PENDING_MS, RouteError, RoutePending } from '../../src/app/route-states';
import { NearbyList } from '../../src/features/residence-search/components/nearby-list';
import { logger } from '../../src/lib/logger';
import { fillJsdomGaps, json, renderRouter, searchHit } from './test-render';

/**
 * Something only the server has, on a connection that passes nothing (docs/architecture.md
 * "Lie-fi is offline"): the spinner says after a moment that the server has not answered, and a
 * request that met no server says so and can be asked again; neither is an unexpected error.
 */

beforeAll(() => {
  fillJsdomGaps();
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function newQueryClient(): QueryClient {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(['staticcontent'], { translationSettings: { translations: {} } });
  return queryClient;
}

/**
 * A page at /page whose loader is `load`, in a router with the app's pending and error screens
 * and its pending delay: under the layouts of a chosen organization, as the app's pages are, or
 * (`outside`) at the root, as the organization picker is.
 */
async function renderPage(load: () => Promise<unknown>, where: 'organization' | 'outside' = 'organization') {
  const rootRoute = createRootRoute({ component: Outlet });
  const home = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <h1>Forside</h1> });
  const signedIn = createRoute({ getParentRoute: () => rootRoute, id: '_signedIn', component: Outlet });
  const withOrganization = createRoute({
    getParentRoute: () => signedIn,
    id: '_withOrganization',
    component: Outlet,
  });
  const page = createRoute({
    getParentRoute: () => (where === 'organization' ? withOrganization : rootRoute),
    path: 'page',
    loader: load,
    component: () => <h1>Siden</h1>,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren(
      where === 'organization'
        ? [home, signedIn.addChildren([withOrganization.addChildren([page])])]
        : [home, page],
    ),
    history: createMemoryHistory({ initialEntries: ['/'] }),
    defaultPendingComponent: RoutePending,
    defaultErrorComponent: RouteError,
    defaultPendingMs: ROUTE_PENDING_MS,
  });
  await renderRouter(router, newQueryClient());
  router.history.push('/page');
  return router;
}

describe('a page that is not on the device', () => {
  it('says 2.5 s after the tap that the server has not answered, offers the home page, and shows the page when it comes', async () => {
    // The router's pending delay and the note's wait on a clock the test moves.
    vi.useFakeTimers();
    let answer: (value: unknown) => void = () => undefined;
    await renderPage(() => new Promise((resolve) => (answer = resolve)));
    const note = () => screen.queryByText('Serveren har ikke svaret endnu');
    await act(() => vi.advanceTimersByTimeAsync(ROUTE_PENDING_MS));
    expect(screen.getByRole('status', { name: 'Indlæser …' })).toBeInTheDocument();
    expect(note()).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(FRESH_WAIT_MS - ROUTE_PENDING_MS - 100));
    expect(note()).not.toBeInTheDocument();
    // 2.5 s after the tap, not after the spinner, which shows after the router's own delay.
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(note()).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Gå til forsiden' })).toHaveAttribute('href', '/');
    vi.useRealTimers();

    answer(null);
    expect(await screen.findByRole('heading', { name: 'Siden' })).toBeInTheDocument();
    expect(note()).not.toBeInTheDocument();
  });

  it('rendered by a screen itself (home, waiting for the user), counts the whole 2.5 s from its mount', async () => {
    vi.useFakeTimers();
    const rootRoute = createRootRoute({ component: () => <RoutePending atOnce /> });
    const router = createRouter({
      routeTree: rootRoute,
      history: createMemoryHistory({ initialEntries: ['/'] }),
    });
    await renderRouter(router, newQueryClient());
    const note = () => screen.queryByText('Serveren har ikke svaret endnu');
    await act(() => vi.advanceTimersByTimeAsync(FRESH_WAIT_MS - 100));
    expect(note()).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(note()).toBeInTheDocument();
  });

  it('before an organization is chosen says the same, without the home page, which would send the user back', async () => {
    await renderPage(() => new Promise(() => undefined), 'outside');
    expect(
      await screen.findByText('Serveren har ikke svaret endnu', undefined, {
        timeout: FRESH_WAIT_MS + 1_000,
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Gå til forsiden' })).not.toBeInTheDocument();
    expect(
      screen.queryByText('Er forbindelsen dårlig, kan du imens bruge det, der er gemt på enheden.'),
    ).not.toBeInTheDocument();
  });

  it('whose request met no server says so, not that something unexpected went wrong, and asks again on Prøv igen', async () => {
    const load = vi
      .fn<() => Promise<unknown>>()
      .mockRejectedValueOnce(new ApiError(0, 'Timeout'))
      .mockResolvedValue(null);
    // The error page logs what failed; here that is the point, not news.
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    await renderPage(load);
    expect(await screen.findByRole('heading', { name: 'Serveren svarede ikke' })).toBeInTheDocument();
    expect(screen.queryByText('Noget gik galt')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Prøv igen' }));
    expect(await screen.findByRole('heading', { name: 'Siden' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('the residences near a place', () => {
  const AT = { latitude: 56.1565, longitude: 10.1096 };
  const hit = searchHit(1);

  it('when the server did not answer, say so and ask again on Prøv igen', async () => {
    const fetch = vi
      .fn<() => Promise<Response>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(json([hit]));
    vi.stubGlobal('fetch', fetch);
    const rootRoute = createRootRoute({ component: () => <NearbyList organizationId="o1" at={AT} /> });
    const router = createRouter({
      routeTree: rootRoute,
      history: createMemoryHistory({ initialEntries: ['/'] }),
    });
    await renderRouter(router, newQueryClient());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Listen kunne ikke hentes, fordi serveren ikke svarede.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Prøv igen' }));
    expect(await screen.findByRole('link', { name: 'Skovvej 1, 8000' })).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
