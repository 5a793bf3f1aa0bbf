/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { registerHelpImageRoute } from './features/residences/take-along/sw-help-images';

declare const self: ServiceWorkerGlobalScope;

// The app shell: every built file, so that an installed app opens offline.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Client-side routes open from the cached index.html; the API and sign-on stay network-only.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/auth\//, /^\/messagehub/, /\.html$/],
  }),
);

// Help images taken along offline (docs/architecture.md "The persisted query cache").
registerHelpImageRoute();

// The first install takes over the open page at once: without it a first visit stays
// uncontrolled until a reload, and losing the signal then breaks the next screen's code chunk.
// Safe for updates too: a new worker only activates after the user accepted the update prompt.
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// Updates wait until the user accepts the prompt (workbox-window's messageSkipWaiting).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Background Sync wakes the outbox: the worker holds no token, so it asks open pages to send
// (docs/architecture.md 2: one sender at a time, requests built fresh from the stored JSON).
interface SyncEvent extends ExtendableEvent {
  tag: string;
}
self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== 'bt-outbox') return;
  sync.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((clients) => {
      clients.forEach((client) => client.postMessage({ type: 'DRAIN_OUTBOX' }));
    }),
  );
});
