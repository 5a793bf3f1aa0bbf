// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Link,
  Outlet,
} from '@tanstack/react-router';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useFocusAfterNavigation } from '../../src/app/focus-after-navigation';
import { PageHeader } from '../../src/ui/page-header';
import { fillJsdomGaps, renderRouter } from './test-render';

beforeAll(fillJsdomGaps);
afterEach(cleanup);

/**
 * A root as the app's (a search box outside <main>, the page inside) and three pages, on paths of
 * the app (links are typed by its route tree): links, one with PageHeader, one without a heading.
 */
async function renderApp() {
  const rootRoute = createRootRoute({
    component: function Root() {
      useFocusAfterNavigation();
      return (
        <>
          <input aria-label="Søg" />
          <main id="main" tabIndex={-1}>
            <Outlet />
          </main>
        </>
      );
    },
  });
  const page = (path: string, content: () => ReactNode) =>
    createRoute({ getParentRoute: () => rootRoute, path, component: content });
  const router = createRouter({
    routeTree: rootRoute.addChildren([
      page('/', () => (
        <>
          <Link to="/organizations">Til siden med overskrift</Link>
          <Link to="/offline">Til siden uden overskrift</Link>
        </>
      )),
      page('/organizations', () => <PageHeader title="Resultat" />),
      page('/offline', () => <p>Ingen overskrift</p>),
    ]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  await renderRouter(router, new QueryClient());
  return { router, user: userEvent.setup() };
}

describe('focus after a page change (WCAG 2.4.3)', () => {
  it('leaves focus alone at the first load', async () => {
    await renderApp();
    expect(await screen.findByRole('link', { name: 'Til siden med overskrift' })).toBeInTheDocument();
    expect(document.body).toHaveFocus();
  });

  it('gives focus to the new page heading when the link that was focused went with the old page', async () => {
    const { user } = await renderApp();
    const link = await screen.findByRole('link', { name: 'Til siden med overskrift' });
    link.focus();
    await user.keyboard('{Enter}');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Resultat' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('gives it to the main content on a page without such a heading', async () => {
    const { user } = await renderApp();
    (await screen.findByRole('link', { name: 'Til siden uden overskrift' })).focus();
    await user.keyboard('{Enter}');
    await screen.findByText('Ingen overskrift');
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
  });

  it('leaves focus where it is when it was not lost, as in the search box above the page', async () => {
    const { router, user } = await renderApp();
    await screen.findByRole('link', { name: 'Til siden med overskrift' });
    await user.click(screen.getByRole('textbox', { name: 'Søg' }));
    await router.navigate({ to: '/organizations' });
    await screen.findByRole('heading', { level: 1, name: 'Resultat' });
    expect(screen.getByRole('textbox', { name: 'Søg' })).toHaveFocus();
  });
});
