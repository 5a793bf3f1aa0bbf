// Mantine's global sheets, before any component's own sheet (docs/performance.md "Bytes on the
// wire": the component sheets travel with the chunks that render them, see vite.config.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import './app/print.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { dropEarlyResponses } from './api/early-responses';
import { staticContentQueryOptions } from './api/get-static-content';
import type { ApiError } from './api/http';
import { tokenStore } from './api/token-store';
import { preloadSignedInHeader } from './app/layout/app-header';
import { prefetchSession } from './app/route-guards';
import { listenForInstallPrompt, registerServiceWorker } from './app/pwa';
import { createQueryClient } from './app/query-client';
import { ROUTE_PENDING_MS, RouteError, RoutePending } from './app/route-states';
import { theme } from './app/theme';
import { authFailureRedirect } from '../shared/rules/session-rules';
import { startQueryPersistence } from './offline/query-persistence';
import { TranslationProvider } from './i18n/use-translation';
import { routeTree } from './routeTree.gen';

function onAuthFailure(error: ApiError) {
  // A 401 dropped the token (src/api/http.ts); the session on the device goes on where the user
  // is, and the header asks for a new sign-in (docs/product.md "Session").
  if (error.status === 401 && tokenStore.state() === 'renew') return;
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
  defaultPendingMs: ROUTE_PENDING_MS,
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
 * The chunks of the screen being opened, and the requests its route sends at start
 * (`startRequests`), while the persisted cache is read instead of after it and after the
 * guards (docs/performance.md "Bytes on the wire"). A failure here is the route's to report
 * when it loads for real.
 */
function preloadRoute({ withRequests }: { withRequests: boolean }) {
  for (const match of router.matchRoutes(router.latestLocation)) {
    const route = router.routesById[match.routeId as keyof typeof router.routesById];
    if (!route) continue;
    void router.loadRouteChunk(route)?.catch(() => undefined);
    if (withRequests) {
      route.options.staticData?.startRequests?.(queryClient, match.params as Record<string, string>);
    }
  }
}

/** Waits for `work`, but no longer than `ms`: the first render is never held up for long. */
function atMost(work: Promise<unknown>, ms: number): Promise<void> {
  return Promise.race([work.then(() => undefined), new Promise<void>((resolve) => setTimeout(resolve, ms))]);
}

/**
 * How long the first render waits for staticcontent. index.html asks for it beside the entry
 * script (vite.config.ts), so it is normally in before the script has run; a slow answer costs
 * at most this, and then the texts and the service message follow when it comes.
 */
const STATIC_CONTENT_WAIT_MS = 300;

/**
 * Every start asks for staticcontent once (docs/performance.md "Bytes on the wire": an ETag
 * makes the repeat a 304), taking the answer index.html preloaded. With it in the first frame
 * the service message pushes nothing down after the first paint (no layout shift) and the Danish
 * overrides do not render the whole tree a second time. Offline the request fails at once and a
 * restored copy, if any, stays.
 */
function startStaticContent(): Promise<void> {
  const fetched = queryClient.prefetchQuery({ ...staticContentQueryOptions(), staleTime: 0 });
  return atMost(fetched, STATIC_CONTENT_WAIT_MS);
}

/**
 * How long the first render waits for the router to resolve the opening screen: a slow guard or
 * loader renders after this, as the router's pending state always did.
 */
const FIRST_LOAD_WAIT_MS = 1000;

/**
 * The router resolves the opening screen (guards, loaders, the route's chunk) before React first
 * renders, so the first render is the finished screen instead of one render per loading step,
 * each a long task on a slow phone (docs/performance.md "Bytes on the wire"). The router sees
 * the location as resolved and does not load it again when it mounts. A failure is the router's
 * to show, as on any navigation.
 */
function firstLoad(): Promise<void> {
  return atMost(
    router.load().catch(() => undefined),
    FIRST_LOAD_WAIT_MS,
  );
}

/**
 * The entry's modules have just been evaluated, on a slow phone one long task; the start runs as
 * a task of its own after it, so that the browser may take a tap or a frame in between instead
 * of one task twice as long (docs/performance.md "Bytes on the wire"). What it asks for is on
 * the line already: index.html sent the requests.
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function start() {
  await nextTask();
  const staticContent = startStaticContent();
  // Signed in: the persisted cache is in memory before the first render, so an offline start
  // shows data. Signed out there is nothing of the user's to restore (sign-in starts it). User
  // info and the organizations are asked for first, beside the restore, which reads IndexedDB
  // without Dexie: the guards, and with them the screen's loader, run as soon as it is done,
  // while the screen's chunks load (docs/performance.md "Bytes on the wire").
  // The device session's user also after the token ended (docs/product.md "Session").
  const user = tokenStore.user();
  if (user) {
    const asked = prefetchSession(queryClient);
    const persistence = startQueryPersistence(queryClient, user);
    preloadRoute({ withRequests: asked });
    preloadSignedInHeader(router.latestLocation.pathname);
    await persistence;
  }
  // Nothing the router runs reads staticcontent: both wait side by side, not one after the other.
  await Promise.all([staticContent, firstLoad()]);
  // The opening screen has asked for what it needs; an early answer left over is old from now on.
  dropEarlyResponses();

  const root = createRoot(document.getElementById('root')!);
  // As a transition React renders the first screen in slices of a few milliseconds instead of
  // one long task, so a slow phone still answers a tap meanwhile (docs/performance.md "Bytes on
  // the wire"); the screen appears at once when it is done, as before.
  startTransition(() =>
    root.render(
      <StrictMode>
        {/* The theme's CSS variables are in index.html, written at build (vite.config.ts). */}
        <MantineProvider theme={theme} withCssVariables={false}>
          <QueryClientProvider client={queryClient}>
            <TranslationProvider>
              <RouterProvider router={router} />
            </TranslationProvider>
          </QueryClientProvider>
        </MantineProvider>
      </StrictMode>,
    ),
  );
  registerServiceWorker();
  listenForInstallPrompt();
}

void start();
