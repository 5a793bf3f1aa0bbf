// Mantine's global sheets, before any component's own sheet (docs/architecture.md "Bytes on the
// wire": the component sheets travel with the chunks that render them, see vite.config.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { ApiError } from './api/http';
import { tokenStore } from './api/token-store';
import { listenForInstallPrompt, registerServiceWorker } from './app/pwa';
import { createQueryClient } from './app/query-client';
import { RouteError, RoutePending } from './app/route-states';
import { cssVariablesResolver, theme } from './app/theme';
import { authFailureRedirect } from './domain/session-rules';
import { startQueryPersistence } from './offline/query-persistence';
import { TranslationProvider } from './i18n/use-translation';
import { routeTree } from './routeTree.gen';

function onAuthFailure(_error: ApiError) {
  // docs/product.md 2 and 8: a 401 or 403 sends the browser to the root with where it was as returnUrl;
  // the root then rechecks the token and shows login, the logout page or the forbidden page.
  const target = authFailureRedirect(location.pathname, location.search);
  if (target) void router.navigate({ href: target, replace: true });
}

const queryClient = createQueryClient(onAuthFailure);

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  // The query cache decides freshness; the router always asks it (ensureQueryData is cheap).
  defaultPreloadStaleTime: 0,
  defaultPendingComponent: RoutePending,
  defaultErrorComponent: RouteError,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

/**
 * The chunks of the screen being opened, fetched while the persisted cache is read instead of
 * after it (docs/architecture.md "Bytes on the wire"). A failure here is the route's to report
 * when it loads for real.
 */
function preloadRouteChunks() {
  for (const match of router.matchRoutes(router.latestLocation)) {
    const route = router.routesById[match.routeId as keyof typeof router.routesById];
    if (route) void router.loadRouteChunk(route)?.catch(() => undefined);
  }
}

async function start() {
  // Signed in: the persisted cache is in memory before the first render, so an offline start
  // shows data. Signed out there is nothing of the user's to restore (sign-in starts it).
  const user = tokenStore.claims()?.sso_uuid;
  if (user) {
    preloadRouteChunks();
    await startQueryPersistence(queryClient, user);
  }

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <QueryClientProvider client={queryClient}>
          <TranslationProvider>
            <RouterProvider router={router} />
          </TranslationProvider>
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
  registerServiceWorker();
  listenForInstallPrompt();
}

void start();
