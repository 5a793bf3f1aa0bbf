/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { sendOutboxInBackground } from './offline/background-sync';
import { registerHelpImageRoute } from './offline/sw-help-images';

// The worker shares the outbox's modules with the page, which are typed for the DOM
// (tsconfig.sw.json has both libraries): `self` is this worker's global here.
const worker = self as unknown as ServiceWorkerGlobalScope;

// The app shell: every built file, so that an installed app opens offline.
// Written as `self.__WB_MANIFEST`: the build looks for that text to put the file list in.
precacheAndRoute((self as unknown as ServiceWorkerGlobalScope).__WB_MANIFEST);
cleanupOutdatedCaches();

// Client-side routes open from the cached index.html; the API and sign-on stay network-only.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    // /loginCallback from the server, which sends it with Referrer-Policy: no-referrer (its URL
    // holds the sign-in's token); a sign-in needs the network anyway.
    denylist: [/^\/api\//, /^\/auth\//, /^\/messagehub/, /^\/loginCallback/, /\.html$/],
  }),
);

// Help images taken along offline (docs/architecture.md "The persisted query cache").
registerHelpImageRoute();

// The first install takes over the open page at once: without it a first visit stays
// uncontrolled until a reload, and losing the signal then breaks the next screen's code chunk.
// Safe for updates too: a new worker only activates after the user accepted the update prompt.
worker.addEventListener('activate', (event) => event.waitUntil(worker.clients.claim()));

// Updates wait until the user accepts the prompt (workbox-window's messageSkipWaiting).
worker.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void worker.skipWaiting();
});

// Background Sync (tag `bt-outbox`): the connection is back. Open pages are asked to drain, and
// the worker sends the outbox itself, so answers also leave a phone whose app is closed
// (docs/architecture.md 2, "Sending with the app closed"). One sender at a time across pages and
// the worker (the Web Lock); a round that leaves entries due after a network failure rejects, so
// that the browser tries again later.
interface SyncEvent extends ExtendableEvent {
  tag: string;
}
worker.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== 'bt-outbox') return;
  sync.waitUntil(
    (async () => {
      const clients = await worker.clients.matchAll({ type: 'window' });
      clients.forEach((client) => client.postMessage({ type: 'DRAIN_OUTBOX' }));
      if ((await sendOutboxInBackground()) === 'retry') throw new Error('answers still waiting');
    })(),
  );
});
