import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  type AnyRoute,
  type AnyRouter,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { PropertyRow, PropertySearchResult } from '../../shared/contract/dto';
import { NO_DATE } from '../../shared/rules/statuses';

/** An unsigned session token for `user`, valid for an hour: the app reads only exp and sso_uuid. */
export function unsignedToken(user: string): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${part({ alg: 'none' })}.${part({ exp: Math.floor(Date.now() / 1000) + 3600, sso_uuid: user })}.x`;
}

/**
 * What Mantine and the router read that jsdom does not have. Component tests call this once in
 * `beforeAll`.
 */
export function fillJsdomGaps(): void {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  window.scrollTo = () => {};
}

/** Renders the app's providers around a test router and waits for its first load. */
export async function renderRouter(router: AnyRouter, queryClient: QueryClient): Promise<void> {
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  await router.load();
}

/** A JSON answer of a stubbed fetch. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * Renders a memory router at `at` with the app's providers. `pages` maps each route path to what
 * it shows: a component, or the text of a heading that stands in for a page the test only
 * arrives at. With `session` the pages sit under the app's `_signedIn` layout, whose context
 * holds it. The query client retries nothing and keeps what a test puts in it; staticcontent is
 * empty but for `staticContent`, so the texts are the Danish defaults.
 */
export async function renderPages(
  at: string,
  pages: Record<string, (() => ReactNode) | string>,
  options: { session?: object; staticContent?: object } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity, retry: false } },
  });
  queryClient.setQueryData(['staticcontent'], {
    translationSettings: { translations: {} },
    ...options.staticContent,
  });
  const rootRoute = createRootRoute({ component: Outlet });
  const signedIn = options.session
    ? createRoute({
        getParentRoute: () => rootRoute,
        id: '_signedIn',
        beforeLoad: () => ({ session: options.session }),
        component: Outlet,
      })
    : null;
  const parent: AnyRoute = signedIn ?? rootRoute;
  const routes = Object.entries(pages).map(([path, page]) =>
    createRoute({
      getParentRoute: () => parent,
      path,
      component: typeof page === 'string' ? () => <h1>{page}</h1> : page,
    }),
  );
  const router = createRouter({
    routeTree: rootRoute.addChildren(signedIn ? [signedIn.addChildren(routes)] : routes),
    history: createMemoryHistory({ initialEntries: [at] }),
  });
  await renderRouter(router, queryClient);
  return router;
}

/** Residence `n` of department d1 as a property list row: on Testvej unless `fields` says otherwise, not assessed. */
export function propertyRow(n: number, fields: Partial<PropertyRow> = {}): PropertyRow {
  const streetName = fields.streetName ?? 'Testvej';
  return {
    residenceId: `r${n}`,
    streetName,
    streetNumber: String(n),
    floorNumber: null,
    doorCode: null,
    zipCode: '8000',
    departmentId: 'd1',
    assessmentId: null,
    assessmentStatus: 'notStarted',
    isCalculated: false,
    isConverted: false,
    futureApprovedDate: NO_DATE,
    location: `${streetName} ${n}, 8000`,
    createdAt: null,
    ...fields,
  };
}

/** Residence `n` as a search hit: on Skovvej in 8000 unless `fields` says otherwise, not assessed. */
export function searchHit(n: number, fields: Partial<PropertySearchResult> = {}): PropertySearchResult {
  return {
    residenceId: `r${n}`,
    streetName: 'Skovvej',
    streetNumber: String(n),
    floorNumber: null,
    doorCode: null,
    zipCode: '8000',
    assessmentStatus: 'notStarted',
    isCalculated: false,
    futureApprovedDate: NO_DATE,
    location: `Skovvej ${n}, 8000`,
    ...fields,
  };
}
